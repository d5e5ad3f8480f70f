import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connect } from "@/lib/db/connect";
import { DataDirBusyError, lockFileName } from "@/lib/db/embedded-lock";

// PGlite allows one process per data directory; the lock file enforces it.
describe.runIf(!process.env.DATABASE_URL)("embedded data directory lock", () => {
  const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-lock-"));

  it("refuses a second server while a live process holds the directory, naming it in one line", async () => {
    const dir = freshDir();
    // The parent of this test process is alive for the whole test: a stand-in for a running server.
    fs.writeFileSync(
      path.join(dir, lockFileName),
      JSON.stringify({ pid: process.ppid, role: "server", socket: null, since: "" }),
    );
    const err = await connect({ dataDir: dir, role: "server" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirBusyError);
    expect((err as Error).message).toContain(`process ${process.ppid}`);
    expect((err as Error).message).not.toContain("\n");
    expect(fs.existsSync(path.join(dir, "pgdata"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a lock left by a dead process, and releases it on close", async () => {
    const dir = freshDir();
    fs.writeFileSync(
      path.join(dir, lockFileName),
      JSON.stringify({ pid: 2 ** 22 + 17, role: "server", socket: null, since: "" }),
    );
    const conn = await connect({ dataDir: dir, role: "cli" });
    expect(conn.mode).toBe("embedded");
    const owner = JSON.parse(fs.readFileSync(path.join(dir, lockFileName), "utf8"));
    expect(owner.pid).toBe(process.pid);
    // The same process may not open it twice either.
    await expect(connect({ dataDir: dir, role: "server" })).rejects.toBeInstanceOf(
      DataDirBusyError,
    );
    await conn.close();
    expect(fs.existsSync(path.join(dir, lockFileName))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
