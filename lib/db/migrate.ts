import "server-only";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { applyMigrations } from "./schema-engine";

// Session-level advisory lock key for "apply migrations" on a PostgreSQL database (not Prisma's
// own 72707369, so that a `prisma migrate deploy` run by hand cannot deadlock with us).
export const migrationLockKey = 4_407_716_121;

/**
 * Applies pending migrations. On PostgreSQL several processes may try at once (two preview
 * builds of one pull request, instances of a long-running server starting together): they
 * queue on an advisory lock held on a connection of its own, so exactly one applies a given
 * migration and the others find nothing pending. The embedded database has one owner already.
 *
 * On PostgreSQL the migrations run on a connection of their own, closed afterwards: Prisma's
 * schema engine takes its own session lock (`pg_advisory_lock(72707369)`) and never releases it,
 * so on a pooled connection the lock stayed held for as long as the pool kept that connection,
 * and every other process that migrated (a second instance, the users CLI, a parallel test file)
 * gave up after the engine's 10 s wait.
 */
export async function migrateDatabase(
  factory: SqlMigrationAwareDriverAdapterFactory,
  databaseUrl: string | undefined,
): Promise<string[]> {
  if (!databaseUrl) return applyMigrations(factory);
  return withAdvisoryLock(databaseUrl, migrationLockKey, () => applyOnOwnConnection(databaseUrl));
}

async function applyOnOwnConnection(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on("error", () => undefined);
  try {
    return await applyMigrations(new PrismaPg(pool));
  } finally {
    await pool.end();
  }
}

/** Runs `fn` while holding a session-level advisory lock on a PostgreSQL connection of its own. */
export async function withAdvisoryLock<T>(
  databaseUrl: string,
  key: number,
  fn: () => Promise<T>,
): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: "dialflow-lock" });
  await lock.connect();
  try {
    // A hung peer must not hold a build forever: give up waiting after ten minutes.
    await lock.query("SET lock_timeout = '600s'");
    await lock.query("SELECT pg_advisory_lock($1)", [key]);
    return await fn();
  } finally {
    // Closing the session releases the lock even when the unlock query cannot run.
    await lock.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => {});
    await lock.end().catch(() => {});
  }
}

/** Whether the schema was ever migrated (serverless cold starts check instead of migrating). */
export async function migrationsRecorded(query: (sql: string) => Promise<unknown[]>) {
  const rows = (await query(
    "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = '_prisma_migrations'",
  )) as { n: number }[];
  return (rows[0]?.n ?? 0) > 0;
}
