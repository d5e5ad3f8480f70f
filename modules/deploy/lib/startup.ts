import "server-only";
import { shareGeneratedAuthSecret } from "@/lib/auth/secret";
import { closeDb, getDb, getDbState } from "@/lib/db/client";
import { scheduleWebhookDrain } from "@/modules/integrations/lib/webhooks/drain";
import { DataDirBusyError } from "@/lib/db/embedded-lock";
import { migrationsRecorded } from "@/lib/db/migrate";
import { appUrl, dataDir, isEmbedded, isServerless } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import { onShutdown } from "@/scripts/server-contract.mjs";
import { formatDemoBanner, seedDemoAccounts } from "./demo";
import { scheduleHousekeeping } from "./housekeeping";

/**
 * Server start, once instrumentation.ts has checked the configuration. Long-running (`npm
 * start`): open the database (applying pending migrations), seed demo accounts on a new embedded
 * database, prune hourly. Serverless: check the build migrated the database, and leave pruning to
 * the cron route (no timers live between requests there).
 */
export async function startup() {
  // scripts/serve.mjs runs this on SIGTERM/SIGINT, after in-flight requests have drained.
  onShutdown(closeDb);
  try {
    const { migrated, connection } = await getDbState();
    if (isServerless) {
      const db = await getDb();
      const recorded = await migrationsRecorded((sql) => db.$queryRawUnsafe(sql));
      if (!recorded) {
        console.error(
          "Refusing to start: the database has no schema. Serverless instances never migrate; " +
            "run the build (npm run build) with this DATABASE_URL, which applies the migrations.",
        );
        process.exit(1);
      }
      log.info("database ready", { mode: connection.mode, runtime: "serverless" });
      return;
    }
    if (migrated.length) log.info("applied migrations", { migrations: migrated });
    log.info("database ready", { mode: connection.mode, ...(isEmbedded ? { dataDir } : {}) });
    shareGeneratedAuthSecret();
    if (isEmbedded) {
      const demo = await seedDemoAccounts(await getDb());
      if (demo) console.log(`\n${formatDemoBanner(demo, appUrl)}\n`);
    }
    scheduleHousekeeping();
    scheduleWebhookDrain();
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      console.error(err.message);
    } else {
      log.error("startup failed", { error: errorMessage(err) });
    }
    process.exit(1);
  }
}
