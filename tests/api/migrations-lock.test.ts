import pg from "pg";
import { describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { migrateDatabase } from "@/lib/db/migrate";

const databaseUrl = process.env.DATABASE_URL;

// Prisma's schema engine takes a session-level advisory lock and never releases it: on a pooled
// connection it outlived the migration, and the next process to migrate (a second instance, the
// users CLI, a parallel test file) failed after the engine's 10 s wait.
describe.runIf(databaseUrl)("migrating a PostgreSQL database", () => {
  it("leaves no advisory lock held once it is done, so the next process migrates at once", async () => {
    // Named, so that only this pool's sessions count: other test files may be migrating the
    // same database at this moment, and hold the lock for as long as that takes.
    const name = `migrations-lock-${process.pid}`;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: name });
    try {
      await migrateDatabase(new PrismaPg(pool), databaseUrl);
      const { rows } = await pool.query<{ objid: string }>(
        `SELECT l.objid::text FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND a.application_name = $1`,
        [name],
      );
      expect(rows).toEqual([]);
      // Another process's connection: the engine would wait 10 s for a leaked lock, then throw.
      await expect(migrateDatabase(new PrismaPg(pool), databaseUrl)).resolves.toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
