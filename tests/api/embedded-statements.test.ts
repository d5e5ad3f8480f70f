import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connect, PreparingClient, socketPool, type Connection } from "@/lib/db/connect";

// The server's pool prepares each query text once per connection, under a prefix of the
// connection's own (all connections share PGlite's one session). A connection dropped after an
// error must not leave its statements in that session for good.
describe.runIf(!process.env.DATABASE_URL)("prepared statements on the embedded database", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-statements-"));
  const template = inject("templateDataDir");
  if (template) fs.cpSync(template, dir, { recursive: true });
  let connection: Connection | undefined;

  afterAll(async () => {
    await connection?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("are deallocated when the connection that prepared them is dropped", async () => {
    connection = await connect({ dataDir: dir, role: "server" });
    const pool = socketPool(dir, 2, PreparingClient);
    try {
      const names = async () =>
        (await pool.query<{ name: string }>("SELECT name FROM pg_prepared_statements")).rows.map(
          (r) => r.name,
        );
      const client = (await pool.connect()) as unknown as PreparingClient;
      const prefix = client.statementPrefix;
      await client.query({ name: "s_test_one", text: "SELECT 1 AS one" });
      await client.query({ name: "s_test_two", text: "SELECT 2 AS two" });
      expect(await names()).toEqual(
        expect.arrayContaining([`${prefix}s_test_one`, `${prefix}s_test_two`]),
      );

      // Released with an error: the pool drops the connection (as after a broken socket).
      (client as unknown as { release(err: Error): void }).release(new Error("connection lost"));
      await expect
        .poll(async () => (await names()).filter((n) => n.startsWith(prefix)))
        .toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
