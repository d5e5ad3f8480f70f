// npm run db:restore -- <backup file>: restores a backup written by the operator console's
// Backup button. Stop the server first. An embedded (.tar.gz) backup replaces DATA_DIR/pgdata
// (the old directory is kept beside it); a PostgreSQL (.dump) backup is restored into the
// database DATABASE_URL names with pg_restore, in one transaction.
import path from "node:path";
import { dataDir, env } from "@/lib/env";
import { restorePglite, restorePostgres } from "@/modules/console/lib/restore";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run db:restore -- <backup file>");
    process.exit(2);
  }
  const resolved = path.resolve(file);
  if (resolved.endsWith(".tar.gz")) {
    if (env.DATABASE_URL) {
      console.error("This is an embedded (PGlite) backup; unset DATABASE_URL to restore it.");
      process.exit(2);
    }
    const kept = await restorePglite(resolved, dataDir);
    console.log(`Restored ${resolved} into ${path.join(dataDir, "pgdata")}.`);
    if (kept) console.log(`The previous database was moved to ${kept}.`);
  } else if (resolved.endsWith(".dump")) {
    if (!env.DATABASE_URL) {
      console.error(
        "This is a PostgreSQL backup; set DATABASE_URL to the database to restore into.",
      );
      process.exit(2);
    }
    await restorePostgres(resolved, env.DATABASE_URL);
    console.log(`Restored ${resolved} into the database DATABASE_URL names.`);
  } else {
    console.error("Expected a .tar.gz (embedded) or .dump (PostgreSQL) backup file.");
    process.exit(2);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
