import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";

// PGlite ships with fsync off (a power loss can drop acknowledged commits); the embedded
// database DialFlow opens syncs the WAL at every commit (lib/db/durable-fs.ts).
describe.runIf(!process.env.DATABASE_URL)("embedded database durability", () => {
  it("runs with fsync on, synchronous commit, and a WAL sync method that reaches the disk", async () => {
    const db = await getDb();
    const rows = await db.$queryRaw<{ fsync: string; sync: string; method: string }[]>`
      SELECT current_setting('fsync') AS fsync,
             current_setting('synchronous_commit') AS sync,
             current_setting('wal_sync_method') AS method`;
    expect(rows[0]).toEqual({ fsync: "on", sync: "on", method: "fsync" });
  });
});
