import "server-only";
import pg from "pg";
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
 */
export async function migrateDatabase(
  factory: SqlMigrationAwareDriverAdapterFactory,
  databaseUrl: string | undefined,
): Promise<string[]> {
  if (!databaseUrl) return applyMigrations(factory);
  return withAdvisoryLock(databaseUrl, migrationLockKey, () => applyMigrations(factory));
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
