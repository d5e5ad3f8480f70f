import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addAccount, listAccounts } from "@/modules/team/lib/account-admin";
import { connect, type Connection } from "@/lib/db/connect";
import { PrismaClient } from "@/lib/generated/prisma/client";

// The users CLI beside a running server joins it through the unix socket, which the server's own
// pool also uses. Connections take turns per transaction, so concurrent commands interleave with
// each other and with the server: every one of them must succeed. The interleaving is tested in
// this process (a server connection and several CLI connections, each with its own socket
// client, as separate processes would have); one spawned CLI checks the real command end to end.
describe.runIf(!process.env.DATABASE_URL)("users CLI beside a running server", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-cli-"));
  let server: Connection;
  let serverDb: PrismaClient;

  beforeAll(async () => {
    const template = inject("templateDataDir");
    if (template) fs.cpSync(template, dir, { recursive: true });
    server = await connect({ dataDir: dir, role: "server" });
    serverDb = new PrismaClient({ adapter: server.factory });
  }, 120_000);

  afterAll(async () => {
    await serverDb?.$disconnect();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What `openForCli()` does when a server holds the directory: a connection of its own. */
  async function cliSession<T>(work: (db: PrismaClient) => Promise<T>) {
    const connection = await connect({ dataDir: dir, role: "cli" });
    expect(connection.mode).toBe("socket");
    const db = new PrismaClient({ adapter: connection.factory });
    try {
      return await work(db);
    } finally {
      await db.$disconnect();
      await connection.close();
    }
  }

  it("lets concurrent add and list commands and the server's own queries all succeed", async () => {
    const names = ["q1", "q2", "q3"].map((n) => `${n}-${process.pid}`);
    const serverQueries = Promise.all(
      [1, 2, 3, 4, 5].map(() => serverDb.$transaction([serverDb.user.count()])),
    );
    await Promise.all([
      ...names.map((username) =>
        cliSession((db) => addAccount(db, { username, password: "pw-correct-horse-1" })),
      ),
      serverQueries,
    ]);
    const lists = await Promise.all([1, 2, 3, 4].map(() => cliSession(listAccounts)));
    for (const list of lists) {
      const listed = JSON.stringify(list);
      for (const name of names) expect(listed).toContain(name);
    }
    expect(await serverDb.user.count({ where: { username: { in: names } } })).toBe(3);
  }, 120_000);

  it("the real command joins the server through the socket (one spawned CLI)", async () => {
    const username = `spawned-${process.pid}`;
    const res = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ["--conditions=react-server", "--import", "tsx", "scripts/users.ts", "add", username],
        { env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn" }, stdio: "pipe" },
      );
      let err = "";
      child.stderr.on("data", (c: Buffer) => (err += c.toString()));
      child.on("exit", (code) => resolve({ code, err }));
      child.stdin.end("pw-correct-horse-1\n");
    });
    expect(res, res.err).toMatchObject({ code: 0 });
    expect(await serverDb.user.count({ where: { username } })).toBe(1);
  }, 120_000);
});
