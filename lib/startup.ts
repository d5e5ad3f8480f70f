import "server-only";
import { formatDemoBanner, seedDemoAccounts } from "@/lib/accounts/demo";
import { scheduleHousekeeping } from "@/lib/auth/housekeeping";
import { closeDb, getDb, getDbState } from "@/lib/db/client";
import { DataDirBusyError } from "@/lib/db/embedded-lock";
import { databaseReady } from "@/lib/health";
import { migrationsRecorded } from "@/lib/db/migrate";
import { serverlessConfigProblem } from "@/lib/deploy/runtime";
import { appUrl, dataDir, isEmbedded, isServerless } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";

/**
 * Server start. Long-running (`npm start`): open the database (applying pending migrations),
 * seed demo accounts on a new embedded database, prune hourly. Serverless: refuse to start
 * without the settings that replace the disk, check the build migrated the database, and leave
 * pruning to the cron route (no timers live between requests there).
 */
export async function startup() {
  // scripts/serve.mjs calls this on SIGTERM/SIGINT, after in-flight requests have drained.
  (globalThis as { __dialflowShutdown?: () => Promise<void> }).__dialflowShutdown = closeDb;
  const problem = serverlessConfigProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  try {
    const { migrated, connection } = await getDbState();
    // scripts/serve.mjs answers the health probes with it, before Next routing.
    (globalThis as { __dialflowReady?: () => Promise<boolean> }).__dialflowReady = databaseReady;
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
    if (isEmbedded) {
      const demo = await seedDemoAccounts(await getDb());
      if (demo) console.log(`\n${formatDemoBanner(demo, appUrl)}\n`);
    }
    scheduleHousekeeping();
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      console.error(err.message);
    } else {
      log.error("startup failed", { error: errorMessage(err) });
    }
    process.exit(1);
  }
}
