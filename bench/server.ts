// npm run bench:server (also part of `npm run bench`): the server's HTTP figures, each beside a
// floor started in the same run, in alternating rounds (medians):
//   GET /api/auth/profile at 20 connections   vs node:http + jose verify of the same token
//   GET /api/health (and /live, /ready)        vs node:http answering {"status":"ok"}
//   logins at 4 connections                    vs cores / t_hash (argon2id timed in this run),
//                                              and vs hashing alone on every core at once
//   /api/health p99 while logins saturate      vs health alone
//   RSS after start and idle after load        vs the floor process's RSS
// The app is the production build (`next build`) served by scripts/start.mjs on a fresh
// embedded database (or DATABASE_URL when set). Environment:
//   BENCH_APP_DIR   the app to measure (default: this checkout; it must have a build)
//   BENCH_PORT      first of three ports (default 3240: app, floor, spare)
//   BENCH_ROUNDS    alternating rounds (default 5)   BENCH_SECONDS  per measurement (default 5)
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hash, verify } from "@node-rs/argon2";
import autocannon from "autocannon";

const appDir = path.resolve(process.env.BENCH_APP_DIR ?? process.cwd());
const basePort = Number(process.env.BENCH_PORT ?? 3240);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const appPort = basePort;
const floorPort = basePort + 1;
const cores = os.availableParallelism();
/** How long the server sits idle before "RSS idle" is read. */
const idleWaitMs = 40_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** RSS of a process and all its descendants (a child-process database counts too). */
function treeRssMb(pid: number): number {
  let total = rssMb(pid);
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let children = "";
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean)) {
      total += treeRssMb(Number(child));
    }
  }
  return total;
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(200);
  }
}

type Run = { rps: number; p99: number; p50: number; non2xx: number; errors: number };

/** One measurement; `status` is the answer every request must get (default: any 2xx). */
async function cannon(opts: autocannon.Options, status?: number): Promise<Run> {
  const result = await autocannon({ duration: seconds, ...opts });
  const expected = status === undefined ? 0 : (result.statusCodeStats[String(status)]?.count ?? 0);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    // With an expected status: every answer that was not it (a 2xx included).
    non2xx: status === undefined ? result.non2xx : result.requests.total - expected,
    errors: result.errors + result.timeouts,
  };
}

function startApp(dataDir: string) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: appDir,
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      // Logins come from many addresses (X-Forwarded-For below), so no throttle or per-address
      // limit stands between the bench and the login path itself.
      TRUSTED_PROXY_HOPS: "1",
      LOGIN_MAX_FAILURES: "100",
      NODE_ENV: "production",
      // As `npm start`, the Docker image and the systemd unit run it (README, configuration).
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "65536",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

/** node:http floors: /health answers {"status":"ok"}; /profile verifies the bearer with jose. */
const floorSource = `
import http from "node:http";
import { jwtVerify } from "jose";
const secret = new TextEncoder().encode(process.env.FLOOR_SECRET);
http.createServer(async (req, res) => {
  if (req.url === "/health") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end('{"status":"ok"}');
  }
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ email: "", emailVerified: false, sub: payload.sub }));
  } catch {
    res.writeHead(401);
    res.end();
  }
}).listen(${floorPort}, "127.0.0.1", () => console.log("ready"));
`;

async function startFloor(secret: string) {
  const file = path.join(process.cwd(), "bench", `.floor-${process.pid}.mjs`);
  fs.writeFileSync(file, floorSource);
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, FLOOR_SECRET: secret },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  fs.rmSync(file, { force: true });
  return child;
}

async function floorToken(secret: string) {
  const { SignJWT } = await import("jose");
  return new SignJWT({ typ: "user" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("dialflow")
    .setAudience("dialflow:user")
    .setSubject("floor")
    .setJti("floor")
    .setExpirationTime("2h")
    .sign(new TextEncoder().encode(secret));
}

/** argon2id with the app's parameters (lib/auth/password.ts), one verification at a time. */
async function timeHash(samples = 30) {
  const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  const h = await hash("bench-password-1", options);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await verify(h, "bench-password-1");
    times.push(performance.now() - t);
  }
  return median(times);
}

/**
 * Verifies per second with one verify in flight per core for `ms` (libuv's threadpool): what
 * hashing alone reaches on every core at once. Below cores / t_hash where cores share memory
 * bandwidth and caches (argon2id fills 19 MiB per hash).
 */
async function parallelHashRate(ms = 2000) {
  const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  const h = await hash("bench-password-1", options);
  const start = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() - start < ms) {
        await verify(h, "bench-password-1");
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 12_000).unref();
  });
}

let loginSeq = 0;
function loginRequest(username: string, password: string): autocannon.Request {
  return {
    method: "POST",
    path: "/api/auth/login",
    setupRequest: (req) => ({
      ...req,
      headers: {
        ...req.headers,
        "content-type": "application/json",
        "x-forwarded-for": `10.${(loginSeq >> 16) & 255}.${(loginSeq >> 8) & 255}.${loginSeq++ & 255}`,
      },
      body: JSON.stringify({ username, password }),
    }),
  };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

async function main() {
  if (!fs.existsSync(path.join(appDir, ".next", "BUILD_ID"))) {
    throw new Error(`${appDir} has no production build: run \`npx next build\` there first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-server-"));
  const secret = "bench-floor-secret-0123456789abcdef";
  const floor = await startFloor(secret);
  const app = startApp(dataDir);
  const t0 = performance.now();
  try {
    await waitFor(`http://127.0.0.1:${appPort}/api/health`);
    const startMs = performance.now() - t0;
    const password = /username: demo\s+password: (\S+)/.exec(app.output())?.[1];
    if (!password) throw new Error(`no demo account in the server's output:\n${app.output()}`);
    const appUrl = `http://127.0.0.1:${appPort}`;
    const floorUrl = `http://127.0.0.1:${floorPort}`;

    const login = await fetch(`${appUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.255.0.1" },
      body: JSON.stringify({ username: "demo", password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const ftoken = await floorToken(secret);
    await sleep(2000);
    const rssStart = treeRssMb(app.child.pid!);
    const rssFloor = rssMb(floor.pid!);

    const hasLive = (await fetch(`${appUrl}/api/health/live`)).ok;
    const hasReady = (await fetch(`${appUrl}/api/health/ready`)).ok;

    // Warm-up: JIT and caches on both sides.
    await cannon({
      url: `${appUrl}/api/auth/profile`,
      connections: 20,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    await cannon({ url: `${appUrl}/api/health`, connections: 20, duration: 1 });

    const series: Record<string, Run[]> = {};
    const add = (k: string, r: Run) => (series[k] ??= []).push(r);
    const tHash: number[] = [];
    const hashRate: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const bearer = { authorization: `Bearer ${token}` };
      add(
        "profile app",
        await cannon({ url: `${appUrl}/api/auth/profile`, connections: 20, headers: bearer }),
      );
      // The same route refused before any work (no token: 401 from the route wrapper, no jose,
      // no database): what the request pipeline (scripts/api-routes.mjs, or Next's with
      // API_DIRECT=off) costs, the ceiling for every route.
      add(
        "pipeline app",
        await cannon({ url: `${appUrl}/api/auth/profile`, connections: 20 }, 401),
      );
      add(
        "profile floor",
        await cannon({
          url: `${floorUrl}/profile`,
          connections: 20,
          headers: { authorization: `Bearer ${ftoken}` },
        }),
      );
      add("health floor", await cannon({ url: `${floorUrl}/health`, connections: 20 }));
      add("health app", await cannon({ url: `${appUrl}/api/health`, connections: 20 }));
      if (hasLive)
        add("live app", await cannon({ url: `${appUrl}/api/health/live`, connections: 20 }));
      if (hasReady)
        add("ready app", await cannon({ url: `${appUrl}/api/health/ready`, connections: 20 }));
      tHash.push(await timeHash(20));
      hashRate.push(await parallelHashRate());
      // Health alone, at a modest fixed rate, then the same while logins saturate the server.
      add(
        "health alone",
        await cannon({ url: `${appUrl}/api/health`, connections: 1, overallRate: 50 }),
      );
      const [logins, during] = await Promise.all([
        cannon({ url: appUrl, connections: 4, requests: [loginRequest("demo", password)] }),
        cannon({ url: `${appUrl}/api/health`, connections: 1, overallRate: 50 }),
      ]);
      add("logins", logins);
      add("health during logins", during);
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }
    // Right after the load, and once the server has sat idle: it collects its heap after 10 s
    // without requests (scripts/serve.mjs) and its hashing threads end after 30 s.
    await sleep(5000);
    const rssAfterLoad = treeRssMb(app.child.pid!);
    await sleep(idleWaitMs - 5000);
    const rssIdle = treeRssMb(app.child.pid!);

    const m = (k: string, f: keyof Run) => median((series[k] ?? []).map((r) => r[f]));
    const bad = Object.entries(series)
      .map(([k, rs]) => [k, rs.reduce((a, r) => a + r.non2xx + r.errors, 0)] as const)
      .filter(([, n]) => n > 0);
    const th = median(tHash);
    const loginFloor = cores / (th / 1000);
    const rows: [string, string, string, string, string][] = [];
    const row = (name: string, app: string, floor: string, ratio: string, target: string) =>
      rows.push([name, app, floor, ratio, target]);
    const pct = (a: number, b: number) => `${fmt((100 * a) / b)} %`;
    row(
      "GET /api/auth/profile, 20 conns",
      `${fmt(m("profile app", "rps"))} req/s, p99 ${fmt(m("profile app", "p99"))} ms`,
      `${fmt(m("profile floor", "rps"))} req/s, p99 ${fmt(m("profile floor", "p99"))} ms`,
      pct(m("profile app", "rps"), m("profile floor", "rps")),
      ">= 25 %, p99 <= 20 ms",
    );
    row(
      "  the same without a token (401): the route pipeline alone",
      `${fmt(m("pipeline app", "rps"))} req/s, p99 ${fmt(m("pipeline app", "p99"))} ms`,
      `${fmt(m("profile floor", "rps"))} req/s`,
      pct(m("pipeline app", "rps"), m("profile floor", "rps")),
      "(context: the profile's ceiling)",
    );
    for (const [k, label] of [
      ["health app", "GET /api/health"],
      ["live app", "GET /api/health/live"],
      ["ready app", "GET /api/health/ready"],
    ] as const) {
      if (!series[k]) continue;
      row(
        `${label}, 20 conns`,
        `${fmt(m(k, "rps"))} req/s, p99 ${fmt(m(k, "p99"))} ms`,
        `${fmt(m("health floor", "rps"))} req/s`,
        pct(m(k, "rps"), m("health floor", "rps")),
        ">= 25 %",
      );
    }
    row(
      "logins, 4 conns",
      `${fmt(m("logins", "rps"), 1)}/s`,
      `${cores} cores / t_hash ${fmt(th, 1)} ms = ${fmt(loginFloor, 1)}/s`,
      pct(m("logins", "rps"), loginFloor),
      ">= 90 %",
    );
    row(
      "  the same against hashing alone on every core at once",
      `${fmt(m("logins", "rps"), 1)}/s`,
      `${cores} verifies in flight: ${fmt(median(hashRate), 1)}/s`,
      pct(m("logins", "rps"), median(hashRate)),
      "(context: the measured ceiling)",
    );
    row(
      "/api/health p99 while logins saturate",
      `${fmt(m("health during logins", "p99"))} ms`,
      `alone ${fmt(m("health alone", "p99"))} ms`,
      `${fmt(m("health during logins", "p99") / m("health alone", "p99"), 2)}x`,
      "< 1.5x",
    );
    row(
      "RSS after start",
      `${fmt(rssStart)} MB`,
      `node:http ${fmt(rssFloor)} MB`,
      `${fmt(rssStart / rssFloor, 1)}x`,
      "",
    );
    row(
      "RSS 5 s after load",
      `${fmt(rssAfterLoad)} MB`,
      `node:http ${fmt(rssFloor)} MB`,
      `${fmt(rssAfterLoad / rssFloor, 1)}x`,
      "",
    );
    row(
      `RSS idle ${idleWaitMs / 1000} s after load`,
      `${fmt(rssIdle)} MB`,
      `node:http ${fmt(rssFloor)} MB`,
      `${fmt(rssIdle / rssFloor, 1)}x`,
      "<= 300 MB",
    );

    const widths = [0, 1, 2, 3, 4].map((i) =>
      Math.max(
        ...rows.map((r) => r[i]!.length),
        ["measure", "app", "floor (same run)", "app / floor", "target"][i]!.length,
      ),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    console.log(
      `\nserver benchmark: ${appDir}, ${rounds} rounds x ${seconds} s, medians; ${cores} cores; start ${fmt(startMs)} ms`,
    );
    console.log(line(["measure", "app", "floor (same run)", "app / floor", "target"]));
    console.log(line(widths.map((w) => "-".repeat(w))));
    for (const r of rows) console.log(line(r));
    if (bad.length)
      console.log(`non-2xx or errors: ${bad.map(([k, n]) => `${k} ${n}`).join(", ")}`);
  } finally {
    await Promise.all([stop(app.child), stop(floor)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
