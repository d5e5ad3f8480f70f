import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { childPath } from "@/lib/env";
import { readLockOwner, DataDirBusyError } from "@/lib/db/embedded-lock";
import { pgConnectionEnv } from "./pg-env";
import { runCommand } from "./run-command";

// Restoring the console's backups (npm run db:restore). Both refuse to touch a database that a
// running server holds open, and neither deletes the old data: the embedded directory is moved
// aside, and PostgreSQL's restore runs in one transaction.

/**
 * Replaces DATA_DIR/pgdata with the contents of a PGlite dump (.tar.gz). The previous directory
 * is kept as pgdata.before-restore-<time>. Returns that directory's path (or null).
 */
export async function restorePglite(file: string, dataDir: string): Promise<string | null> {
  const owner = readLockOwner(dataDir);
  if (owner) throw new DataDirBusyError(dataDir, owner);
  const blob = new Blob([fs.readFileSync(file)]);
  const pgdata = path.join(dataDir, "pgdata");
  let kept: string | null = null;
  if (fs.existsSync(pgdata)) {
    kept = `${pgdata}.before-restore-${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}`;
    fs.renameSync(pgdata, kept);
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const db = new PGlite(pgdata, { loadDataDir: blob });
    await db.waitReady;
    await db.query("SELECT 1");
    await db.close();
  } catch (err) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    if (kept) fs.renameSync(kept, pgdata);
    throw err;
  }
  return kept;
}

/**
 * Restores a pg_dump custom-format file into the database DATABASE_URL names, replacing the
 * objects the dump contains, in a single transaction. The password travels in PGPASSWORD.
 */
export async function restorePostgres(file: string, databaseUrl: string, pgRestore = "pg_restore") {
  const run = await runCommand(
    pgRestore,
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      "--no-password",
      `--dbname=${dbName(databaseUrl)}`,
      file,
    ],
    {
      timeoutMs: 60 * 60_000,
      maxOutputBytes: 16 * 1024,
      env: { PATH: childPath, LANG: "C", ...pgConnectionEnv(databaseUrl) },
    },
  );
  if (!run.started) throw new Error(`${pgRestore} is not installed`);
  if (run.timedOut || run.exitCode !== 0) {
    throw new Error(`pg_restore failed: ${run.output.trim().split("\n").slice(-5).join("\n")}`);
  }
}

function dbName(databaseUrl: string) {
  const conn = pgConnectionEnv(databaseUrl);
  return conn.PGDATABASE ?? conn.PGUSER ?? "postgres";
}
