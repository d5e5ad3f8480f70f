import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import calls from "../../messages/en/Calls.json";
import reportsMenu from "../../messages/en/ReportsMenu.json";
import { e2eAccounts } from "./accounts";

// The production server as a process: answers at the HTTP edges, and stops cleanly on SIGTERM and
// SIGINT whoever receives them (npm, node directly, node as a PID namespace's init).

/** The suite's server is `next start` (E2E_SERVE, tests/e2e/server.mjs), not scripts/start.mjs. */
const nextStart = process.env.E2E_SERVE === "next-start";

test.describe("HTTP edges of the production server", () => {
  test("an unknown /api path answers 404 JSON, not the landing page", async ({ request }) => {
    for (const method of ["GET", "POST"]) {
      const res = await request.fetch("/api/no-such-route/x", { method });
      expect(res.status()).toBe(404);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toEqual({ error: "Not found", code: "not_found" });
    }
  });

  test("TRACE is refused and echoes nothing", async ({ baseURL }) => {
    const res = await rawRequest(baseURL!, "TRACE", "/app", { "x-echo-probe": "secret-probe" });
    expect(res.body).not.toContain("secret-probe");
    expect(res.body).not.toMatch(/\n\s+at /);
    if (nextStart) {
      // Next itself refuses the method before any of our code runs (Node's Request has no TRACE).
      expect(res.status).toBe(500);
    } else {
      // scripts/serve.mjs answers it quietly instead.
      expect(res.status).toBe(405);
      expect(res.body).toBe("");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["allow"]).not.toContain("TRACE");
    }
  });

  test("sign-in failures never count on an address a client names", async ({ request }) => {
    // A client names a new address in each request. Under npm start scripts/serve.mjs owns the
    // socket: one counter for this address (5 failures). Under next start there is no trusted
    // address: the account's own counter (10 failures, then 1 s). The account does not exist,
    // so no other spec's account is locked; unknown and known names take the same path.
    const username = `nobody-${Date.now().toString(36)}`;
    const attempt = (i: number) =>
      request.post("/api/auth/login", {
        data: { username, password: "wrong-password" },
        headers: { "x-dialflow-socket-ip": `10.55.0.${i}`, "x-forwarded-for": `10.56.0.${i}` },
      });
    const limit = nextStart ? 10 : 5;
    for (let i = 1; i <= limit; i++) expect((await attempt(i)).status()).toBe(401);
    const refused = await attempt(limit + 1);
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()["retry-after"]);
    if (nextStart) expect(retryAfter).toBe(1);
    else expect(retryAfter).toBeGreaterThan(60);
  });

  test("an idle kept-alive connection still serves a request after Node's default 5 s", async ({
    baseURL,
  }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(new URL("/api/health", baseURL), { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("socket", (socket) => sockets.add(socket));
        req.on("error", reject);
      });
    try {
      expect(await get()).toBe(200);
      // The idle time is what is tested: closed at 5 s, the next request would fail or reconnect.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toBe(200);
      // The same connection (scripts/serve.mjs keeps it 65 s); next start keeps Next's own 5 s.
      expect(sockets.size).toBe(nextStart ? 2 : 1);
    } finally {
      agent.destroy();
    }
  });

  test("a redirect from /app never carries the rendered page", async ({ request, baseURL }) => {
    const login = await request.post("/api/auth/login", { data: e2eAccounts.rep });
    const { token } = (await login.json()) as { token: string };
    // Revoked: the signature is valid (passes the proxy), the layout and the page redirect.
    await request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
    // What each page renders for a signed-in rep (its header text, its view), and the shell.
    const rendered: Record<string, string[]> = {
      "/app": ["AppShell"],
      "/app/reports": ["AppShell", reportsMenu.intro],
      "/app/call-log": ["AppShell", "CallLogView", calls.log.description],
    };
    for (const [target, markers] of Object.entries(rendered)) {
      const res = await rawRequest(baseURL!, "GET", target, { cookie: `session=${token}` });
      expect(res.status, target).toBe(307);
      expect(res.headers.location, target).toBe("/session-expired");
      for (const marker of markers) expect(res.body, `${target}: ${marker}`).not.toContain(marker);
    }
    // Unsigned, right audience, future expiry: refused by the proxy before anything renders.
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: "dialflow", aud: "dialflow:user", typ: "user", sub: "x", jti: "y" };
    const unsigned = `${b64({ alg: "none" })}.${b64({ ...claims, iat: now, exp: now + 3600 })}.`;
    const res = await rawRequest(baseURL!, "GET", "/app", { cookie: `session=${unsigned}` });
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe("/login");
    expect(res.body).not.toContain("AppShell");
  });
});

function rawRequest(base: string, method: string, pathname: string, headers = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(new URL(pathname, base), { method, headers }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

const port = Number(process.env.E2E_PORT ?? 3100) + 57;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-signals-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
};
delete env.SMTP_URL;

async function healthy() {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * A POST the server already has in hand: sent with `Expect: 100-continue`, which Node's server
 * answers with "100 Continue" once it has parsed the headers and handed the request to the app;
 * the body waits until `finish()`, which resolves with the final status.
 */
async function requestInHand(url: string, body: string) {
  const req = http.request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.once("response", (res) => {
      res.resume();
      res.once("end", () => resolve(res.statusCode ?? 0));
    });
    req.once("error", reject);
  });
  await new Promise<void>((resolve, reject) => {
    req.once("continue", resolve);
    req.once("error", reject);
    req.flushHeaders();
  });
  return {
    finish: () => {
      req.end(body);
      return status;
    },
  };
}

/** True when no process holds the data directory (util-linux flock, non-blocking). */
const dataDirFree = () => spawnSync("flock", ["-n", dataDir, "true"]).status === 0;

function launch(cmd: string, args: string[]) {
  const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, log: () => log };
}

async function started(server: ReturnType<typeof launch>) {
  const ok = await waitFor(healthy, 150_000);
  expect(ok, server.log()).toBe(true);
}

let current: ChildProcess | undefined;
test.afterAll(() => {
  if (current && current.exitCode === null) current.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.describe("stopping the production server", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });

  test("SIGTERM on npm start stops node too and frees the database", async () => {
    // setsid: npm leads its own session, as under a process manager; only npm gets the signal.
    const server = launch("setsid", ["--wait", "npm", "start", "--silent"]);
    current = server.child;
    await started(server);
    expect(dataDirFree()).toBe(false);
    const t0 = Date.now();
    server.child.kill("SIGTERM");
    expect(
      await waitFor(async () => !(await healthy()) && dataDirFree(), 10_000),
      server.log(),
    ).toBe(true);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  test("SIGINT on a direct node start drains an in-flight request, exits 0 within 9.5 s", async () => {
    const server = launch(process.execPath, ["scripts/start.mjs"]);
    current = server.child;
    await started(server);
    const login = await requestInHand(
      `${base}/api/auth/login`,
      JSON.stringify({ username: "nobody", password: "wrong-password" }),
    );
    const t0 = Date.now();
    server.child.kill("SIGINT");
    // The body goes only now: the server must finish a request it took before the signal.
    expect(await login.finish()).toBe(401);
    expect(await server.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(9_500);
    expect(dataDirFree()).toBe(true);
  });

  test("SIGTERM to node as PID 1 of its own namespace (a container) exits within 9.5 s", async () => {
    const probe = spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]);
    if (probe.status !== 0) {
      console.warn(`PID 1 case not run: unshare is not permitted here (${probe.stderr})`);
      expect(probe.status).not.toBe(0);
      return;
    }
    // Without --fork's helper between: exec node so it is the namespace's PID 1 itself.
    const server = launch("unshare", [
      "--pid",
      "--fork",
      "--mount-proc",
      "--kill-child",
      process.execPath,
      "scripts/start.mjs",
    ]);
    current = server.child;
    await started(server);
    const pid1 = spawnSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" });
    const node = Number(pid1.stdout.trim().split("\n")[0]);
    expect(node).toBeGreaterThan(0);
    const t0 = Date.now();
    process.kill(node, "SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(9_500);
    expect(dataDirFree()).toBe(true);
  });
});
