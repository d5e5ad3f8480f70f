import { describe, expect, it } from "vitest";
import { hitRateLimit } from "@/lib/api/rate-limit";
import { beginAttempt } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { commitWithoutFlush } from "@/lib/db/relaxed-commit";

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

// Rate-limit counters and sign-in throttle slots commit without waiting for the disk
// (lib/db/relaxed-commit.ts): the relaxation must cover their own statement only. On the
// embedded database every connection shares one backend session, so a setting that outlived
// its statement would silently relax every later commit, users' data included.
describe("commits without a flush", () => {
  it("relax only the statement that asks, and the session keeps synchronous commit", async () => {
    const db = await getDb();
    const [inside] = await db.$queryRaw<{ sync: string }[]>`
      SELECT ${commitWithoutFlush}, current_setting('synchronous_commit') AS sync`;
    expect(inside!.sync).toBe("off");

    const verdict = await hitRateLimit({ name: "durability-test", max: 5, windowSeconds: 60 }, "x");
    expect(verdict.allowed).toBe(true);
    const attempt = await beginAttempt("user", "durability-test", "127.0.0.9");
    expect(attempt.allowed).toBe(true);
    if (attempt.allowed) await attempt.release("success");

    const [after] = await db.$queryRaw<{ sync: string }[]>`
      SELECT current_setting('synchronous_commit') AS sync`;
    expect(after!.sync).toBe("on");
  });
});
