// npm run bench:server (also part of `npm run bench`): the server's HTTP figures, each beside a
// floor started in the same run, in alternating rounds (medians):
//   GET /api/auth/profile at 20 connections   vs the same route answering 401 before any work
//                                              (what Next's request pipeline itself costs), and
//                                              vs node:http + jose verify of the same token
//   GET /api/health (and /live, /ready)        vs node:http answering {"status":"ok"}
//   logins at 4 connections                    vs cores / t_hash (argon2id timed in this run),
//                                              and vs hashing alone on every core at once
//   /api/health p99 while logins saturate      vs health alone
//   RSS after start and idle after load        vs the floor process's RSS
// The app is the production build (`next build`) served by scripts/start.mjs on a fresh
// embedded database (or DATABASE_URL when set). Environment:
//   BENCH_APP_DIR   the app to measure (default: this checkout; it must have a build)
//   BENCH_BASELINE_DIR  another checkout with a build (an older commit), measured in the same
//                   rounds beside the app: "before" figures from the same run
//   BENCH_PORT      first of three ports (default 3240: app, floor, baseline)
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
const baselinePort = basePort + 2;
const baselineDir = process.env.BENCH_BASELINE_DIR
  ? path.resolve(process.env.BENCH_BASELINE_DIR)
  : null;
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

function startApp(dir: string, port: number, dataDir: string) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      // Logins come from many addresses (X-Forwarded-For below), so no throttle or per-address
      // limit stands between the bench and the login path itself.
      TRUSTED_PROXY_HOPS: "1",
      LOGIN_MAX_FAILURES: "100",
      NODE_ENV: "production",
      // As `npm start`, the Docker image and the systemd unit run it (docs/configuration.md).
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

type Server = {
  label: "app" | "before";
  dir: string;
  url: string;
  dataDir: string;
  proc: ReturnType<typeof startApp>;
  password: string;
  token: string;
  startMs: number;
  hasLive: boolean;
  hasReady: boolean;
};

async function startServer(label: Server["label"], dir: string, port: number): Promise<Server> {
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    throw new Error(`${dir} has no production build: run \`npm run build\` there first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dialflow-bench-server-${label}-`));
  const proc = startApp(dir, port, dataDir);
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  await waitFor(`${url}/api/health`);
  const startMs = performance.now() - t0;
  const password = /username: demo\s+password: (\S+)/.exec(proc.output())?.[1];
  if (!password) throw new Error(`no demo account in ${label}'s output:\n${proc.output()}`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.255.0.1" },
    body: JSON.stringify({ username: "demo", password }),
  });
  if (!login.ok) throw new Error(`${label} login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const hasLive = (await fetch(`${url}/api/health/live`)).ok;
  const hasReady = (await fetch(`${url}/api/health/ready`)).ok;
  return { label, dir, url, dataDir, proc, password, token, startMs, hasLive, hasReady };
}

async function main() {
  const secret = "bench-floor-secret-0123456789abcdef";
  const floor = await startFloor(secret);
  const servers: Server[] = [];
  try {
    servers.push(await startServer("app", appDir, appPort));
    if (baselineDir) servers.push(await startServer("before", baselineDir, baselinePort));
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const ftoken = await floorToken(secret);
    await sleep(2000);
    const rssStart = Object.fromEntries(
      servers.map((s) => [s.label, treeRssMb(s.proc.child.pid!)]),
    );
    const rssFloor = rssMb(floor.pid!);

    // Warm-up: JIT and caches on every side.
    for (const s of servers) {
      await cannon({
        url: `${s.url}/api/auth/profile`,
        connections: 20,
        duration: 2,
        headers: { authorization: `Bearer ${s.token}` },
      });
      await cannon({ url: `${s.url}/api/health`, connections: 20, duration: 1 });
    }

    const series: Record<string, Run[]> = {};
    const add = (k: string, r: Run) => (series[k] ??= []).push(r);
    const tHash: number[] = [];
    const hashRate: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        const k = (name: string) => `${name} ${s.label}`;
        const bearer = { authorization: `Bearer ${s.token}` };
        add(
          k("profile"),
          await cannon({ url: `${s.url}/api/auth/profile`, connections: 20, headers: bearer }),
        );
        // The same route refused before any work (no token: 401 from the route wrapper, no
        // jose, no database): what Next's request pipeline costs, the floor of every route.
        add(
          k("pipeline"),
          await cannon({ url: `${s.url}/api/auth/profile`, connections: 20 }, 401),
        );
        add(k("health"), await cannon({ url: `${s.url}/api/health`, connections: 20 }));
        if (s.hasLive)
          add(k("live"), await cannon({ url: `${s.url}/api/health/live`, connections: 20 }));
        if (s.hasReady)
          add(k("ready"), await cannon({ url: `${s.url}/api/health/ready`, connections: 20 }));
        // Health alone, at a modest fixed rate, then the same while logins saturate the server.
        add(
          k("health alone"),
          await cannon({ url: `${s.url}/api/health`, connections: 1, overallRate: 50 }),
        );
        const [logins, during] = await Promise.all([
          cannon({ url: s.url, connections: 4, requests: [loginRequest("demo", s.password)] }),
          cannon({ url: `${s.url}/api/health`, connections: 1, overallRate: 50 }),
        ]);
        add(k("logins"), logins);
        add(k("health during logins"), during);
      }
      add(
        "profile floor",
        await cannon({
          url: `${floorUrl}/profile`,
          connections: 20,
          headers: { authorization: `Bearer ${ftoken}` },
        }),
      );
      add("health floor", await cannon({ url: `${floorUrl}/health`, connections: 20 }));
      tHash.push(await timeHash(20));
      hashRate.push(await parallelHashRate());
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }
    // Right after the load, and once the servers have sat idle: each collects its heap after
    // 10 s without requests (scripts/serve.mjs) and its hashing threads end after 30 s.
    await sleep(5000);
    const rssAfterLoad = Object.fromEntries(
      servers.map((s) => [s.label, treeRssMb(s.proc.child.pid!)]),
    );
    await sleep(idleWaitMs - 5000);
    const rssIdle = Object.fromEntries(servers.map((s) => [s.label, treeRssMb(s.proc.child.pid!)]));

    const m = (k: string, f: keyof Run) => median((series[k] ?? []).map((r) => r[f]));
    const bad = Object.entries(series)
      .map(([k, rs]) => [k, rs.reduce((a, r) => a + r.non2xx + r.errors, 0)] as const)
      .filter(([, n]) => n > 0);
    const th = median(tHash);
    const loginFloor = cores / (th / 1000);
    const pct = (a: number, b: number) => `${fmt((100 * a) / b)} %`;
    const labels = servers.map((s) => s.label);
    const rows: string[][] = [];
    /** One row: the measure, each server's figure, the floor, and the target. */
    const row = (name: string, figure: (l: string) => string, floorText: string, target: string) =>
      rows.push([name, ...labels.map(figure), floorText, target]);
    const reqs = (k: string) => `${fmt(m(k, "rps"))} req/s, p99 ${fmt(m(k, "p99"))} ms`;
    row(
      "GET /api/auth/profile, 20 conns",
      (l) =>
        `${reqs(`profile ${l}`)} (${pct(m(`profile ${l}`, "rps"), m(`pipeline ${l}`, "rps"))} of its 401)`,
      "its own 401 below",
      ">= 50 % of the 401, p99 <= 20 ms",
    );
    row(
      "  the same without a token (401): Next's pipeline alone",
      (l) => reqs(`pipeline ${l}`),
      "",
      "(the floor of every route)",
    );
    row(
      "  the profile vs node:http + jose verify",
      (l) => pct(m(`profile ${l}`, "rps"), m("profile floor", "rps")),
      `${fmt(m("profile floor", "rps"))} req/s, p99 ${fmt(m("profile floor", "p99"))} ms`,
      "(context)",
    );
    for (const [k, label] of [
      ["health", "GET /api/health"],
      ["live", "GET /api/health/live"],
      ["ready", "GET /api/health/ready"],
    ] as const) {
      if (!series[`${k} app`]) continue;
      row(
        `${label}, 20 conns`,
        (l) => `${reqs(`${k} ${l}`)} (${pct(m(`${k} ${l}`, "rps"), m("health floor", "rps"))})`,
        `node:http ${fmt(m("health floor", "rps"))} req/s`,
        ">= 25 %",
      );
    }
    row(
      "logins, 4 conns",
      (l) => `${fmt(m(`logins ${l}`, "rps"), 1)}/s (${pct(m(`logins ${l}`, "rps"), loginFloor)})`,
      `${cores} cores / t_hash ${fmt(th, 1)} ms = ${fmt(loginFloor, 1)}/s; all cores hashing ${fmt(median(hashRate), 1)}/s`,
      "no worse than before",
    );
    row(
      "/api/health p99 while logins saturate",
      (l) =>
        `${fmt(m(`health during logins ${l}`, "p99"))} ms vs ${fmt(m(`health alone ${l}`, "p99"))} ms alone`,
      "",
      "no worse than before",
    );
    row("RSS after start", (l) => `${fmt(rssStart[l]!)} MB`, `node:http ${fmt(rssFloor)} MB`, "");
    row("RSS 5 s after load", (l) => `${fmt(rssAfterLoad[l]!)} MB`, "", "");
    row(
      `RSS idle ${idleWaitMs / 1000} s after load`,
      (l) => `${fmt(rssIdle[l]!)} MB`,
      "",
      "<= 300 MB, no worse than before",
    );
    row(
      "start (to healthy)",
      (l) => `${fmt(servers.find((s) => s.label === l)!.startMs)} ms`,
      "",
      "",
    );

    const header = [
      "measure",
      ...labels.map((l) =>
        l === "app"
          ? `app (${path.relative(process.cwd(), appDir) || "."})`
          : `before (${baselineDir})`,
      ),
      "floor (same run)",
      "target",
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    console.log(`\nserver benchmark: ${rounds} rounds x ${seconds} s, medians; ${cores} cores`);
    console.log(line(header));
    console.log(line(widths.map((w) => "-".repeat(w))));
    for (const r of rows) console.log(line(r));
    if (bad.length)
      console.log(`non-2xx or errors: ${bad.map(([k, n]) => `${k} ${n}`).join(", ")}`);
  } finally {
    await Promise.all([...servers.map((s) => stop(s.proc.child)), stop(floor)]);
    for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
