import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";

// The users CLI beside a running server joins it through the unix socket, which the server's own
// pool also uses. Connections take turns per transaction, so concurrent commands interleave with
// each other and with the server: every one of them must succeed.
const nodeArgs = ["--conditions=react-server", "--import", "tsx"];
let server: ChildProcess | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-cli-"));

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGKILL");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], input = "") {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, "scripts/users.ts", ...args], {
      env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("exit", (code) => resolve({ code, out, err }));
    child.stdin.end(input);
  });
}

describe.runIf(!process.env.DATABASE_URL)("users CLI beside a running server", () => {
  it("lets concurrent add and list commands all succeed through the socket", async () => {
    const template = inject("templateDataDir");
    if (template) fs.cpSync(template, dir, { recursive: true });
    server = spawn(process.execPath, [...nodeArgs, "tests/support/hold-db.ts", dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on("data", (c: Buffer) => c.toString().includes("ready") && resolve());
      server!.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    });

    const names = ["q1", "q2", "q3"].map((n) => `${n}-${process.pid}`);
    const adds = await Promise.all(names.map((n) => runCli(["add", n], "pw-correct-horse-1\n")));
    for (const res of adds) expect(res, res.err).toMatchObject({ code: 0 });
    const lists = await Promise.all([1, 2, 3, 4].map(() => runCli(["list"])));
    for (const res of lists) {
      expect(res.code, res.err).toBe(0);
      for (const name of names) expect(res.out).toContain(name);
    }
    // The server kept the directory the whole time.
    expect(server.exitCode).toBeNull();
  }, 240_000);
});
