import "server-only";
import { formatDemoBanner, seedDemoAccounts } from "@/lib/accounts/demo";
import { scheduleHousekeeping } from "@/lib/auth/housekeeping";
import { closeDb, getDb, getDbState } from "@/lib/db/client";
import { DataDirBusyError } from "@/lib/db/embedded-lock";
import { databaseReady } from "@/lib/health";
import { appUrl, dataDir, isEmbedded } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";

/** Server start: open the database (applying pending migrations), then seed demo accounts if new. */
export async function startup() {
  // scripts/serve.mjs calls this on SIGTERM/SIGINT, after in-flight requests have drained.
  (globalThis as { __dialflowShutdown?: () => Promise<void> }).__dialflowShutdown = closeDb;
  try {
    const { migrated, connection } = await getDbState();
    if (migrated.length) log.info("applied migrations", { migrations: migrated });
    log.info("database ready", { mode: connection.mode, ...(isEmbedded ? { dataDir } : {}) });
    // scripts/serve.mjs answers the health probes with it, before Next routing.
    (globalThis as { __dialflowReady?: () => Promise<boolean> }).__dialflowReady = databaseReady;
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
