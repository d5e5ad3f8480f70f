// Build & deploy: argv commands without a shell, one run at a time across instances (409),
// progress through the status route, secrets redacted from output, time-outs that end the
// whole process group, one audit event per request.
import "./ops-configure-build";
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { runCommand } from "@/modules/console/lib/run-command";
import { createAccount, loginOperator, request } from "./helpers";
import { opsDir, removeOpsDir, secrets, stagingDir } from "./ops-env";

const post = async (token: string) => {
  const { POST } = await import("@/app/api/admin/ops/build-deploy/route");
  const res = await POST(request("POST", "/api/admin/ops/build-deploy", { token }));
  return {
    status: res.status,
    text: await res.clone().text(),
    body: (await res.json()) as Record<string, unknown>,
  };
};
const status = async (token: string) => {
  const { GET } = await import("@/app/api/admin/ops/build-deploy/status/route");
  const res = await GET(request("GET", "/api/admin/ops/build-deploy/status", { token }));
  return (await res.json()) as Record<string, unknown>;
};
const auditCount = async (outcome: string) =>
  (await getDb()).auditEvent.count({ where: { action: "ops.build-deploy", outcome } });

let operator: string;
beforeAll(async () => {
  operator = await loginOperator(await createAccount({ admin: true }));
});
beforeEach(async () => {
  const db = await getDb();
  await db.rateLimitCounter.deleteMany({ where: { key: { startsWith: "ops-" } } });
  delete process.env.BUILD_STUB_EXIT;
  process.env.BUILD_STUB_MS = "0";
});
afterAll(() => removeOpsDir());

describe("build & deploy", () => {
  it("runs one at a time: a second request while one runs gets 409; progress is polled", async () => {
    process.env.BUILD_STUB_MS = "2500";
    const successes = await auditCount("success");
    const denials = await auditCount("denied");
    const first = post(operator);
    await expect
      .poll(async () => (await status(operator)).running, { timeout: 10_000, interval: 100 })
      .toBe(true);
    const during = await status(operator);
    expect(during).toMatchObject({ configured: true, phase: "build", running: true });
    expect(during.elapsedMs as number).toBeGreaterThanOrEqual(0);

    const second = await post(operator);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ ok: false, code: "busy" });
    expect(String(second.body.error)).toMatch(/already running/);

    const done = await first;
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, error: null });
    expect(done.body.assets).toEqual([
      { path: "static/chunks/app.css", size: 56 },
      { path: "static/chunks/app.js", size: 1234 },
    ]);
    expect((done.body.build as { ms: number }).ms).toBeGreaterThanOrEqual(2400);
    expect((done.body.deploy as { ms: number }).ms).toBeGreaterThan(0);
    expect(done.body.ms as number).toBeGreaterThanOrEqual((done.body.build as { ms: number }).ms);

    const after = await status(operator);
    expect(after).toMatchObject({ running: false, phase: "done" });
    const lines = after.lines as string[];
    expect(lines).toContain("Compiled successfully");
    expect(lines).toContain(`deployed ${stagingDir}`);
    expect(lines).toContain("leaking [redacted]");
    expect(JSON.stringify(after) + done.text + second.text).not.toContain(secrets.AUTH_SECRET);
    // The staging directory, never the served .next, received the build.
    expect(fs.existsSync(path.join(stagingDir, "static", "chunks", "app.js"))).toBe(true);
    expect(await auditCount("success")).toBe(successes + 1);
    expect(await auditCount("denied")).toBe(denials + 1);
  });

  it("reports a failing build and skips the deploy", async () => {
    process.env.BUILD_STUB_EXIT = "3";
    const failures = await auditCount("failure");
    const res = await post(operator);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ ok: false, error: "build exited with 3", deploy: { ms: 0 } });
    expect(await status(operator)).toMatchObject({ phase: "failed", running: false });
    expect(await auditCount("failure")).toBe(failures + 1);
  });

  it("takes over the lock of a run whose instance died (lease expired)", async () => {
    const db = await getDb();
    const past = new Date(Date.now() - 60_000);
    await db.opsRun.update({
      where: { name: "build-deploy" },
      data: { finishedAt: null, expiresAt: past, phase: "build" },
    });
    expect((await status(operator)).running).toBe(false);
    const res = await post(operator);
    expect(res.status).toBe(200);
  });

  it("refuses while another instance holds a live lock", async () => {
    const db = await getDb();
    await db.opsRun.update({
      where: { name: "build-deploy" },
      data: { finishedAt: null, expiresAt: new Date(Date.now() + 60_000), operator: "other" },
    });
    const res = await post(operator);
    expect(res.status).toBe(409);
    await db.opsRun.update({ where: { name: "build-deploy" }, data: { finishedAt: new Date() } });
  });
});

describe("runCommand", () => {
  it("kills the whole process group on time-out, grandchildren included", async () => {
    const pidFile = path.join(opsDir, "grandchild.pid");
    const script = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
      require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
      console.log("started");
      setTimeout(() => {}, 60000);`;
    const run = await runCommand(process.execPath, ["-e", script], { timeoutMs: 1500 });
    expect(run.timedOut).toBe(true);
    expect(run.output).toContain("started");
    const grandchild = Number(fs.readFileSync(pidFile, "utf8"));
    await expect
      .poll(() => {
        // Gone, or a zombie waiting for a reaper (no running code either).
        try {
          const state = fs.readFileSync(`/proc/${grandchild}/stat`, "utf8").split(") ")[1]?.[0];
          return state === "Z" ? "gone" : "alive";
        } catch {
          return "gone";
        }
      })
      .toBe("gone");
  });

  it("keeps only the newest output within the bound, and never runs a shell", async () => {
    const run = await runCommand(
      process.execPath,
      ["-e", "for (let i = 0; i < 20000; i++) console.log('line ' + i)", "; echo injected"],
      { timeoutMs: 10_000, maxOutputBytes: 1000 },
    );
    expect(run.exitCode).toBe(0);
    expect(run.output.length).toBeLessThanOrEqual(1000);
    expect(run.output.trim().endsWith("line 19999")).toBe(true);
    expect(run.output).not.toContain("injected");
  });
});
