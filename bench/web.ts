// npm run bench:web: what a browser pays for each page, beside a hello-world Next app of the
// same version built and served in the same run (the floor):
//   - first-load JS: every <script src> of the served HTML, fetched and gzipped, per route;
//   - Lighthouse performance, mobile and desktop, median of BENCH_RUNS runs (default 5);
//   - GET / throughput at 20 connections against the hello-world's static page;
//   - CLS on /app/targets while enrichment fills the 20 rows (Places peer, as in e2e).
// Targets: / and /login <= floor + 10 KiB gz, /app/* <= floor + 50 KiB gz; landing
// >= 50 % of the static hello-world's requests/s;
// Lighthouse mobile within 3 points of the floor, desktop 100; CLS 0.
//
// Env: BENCH_RUNS (Lighthouse runs per page and form factor), BENCH_WEB_PORT (default 3250;
// the hello-world floor uses +1, the Places peer +1000), BENCH_WEB_DIST (the app's build
// directory, default .next-bench), BENCH_WEB_SKIP_BUILD=1 (reuse that build),
// BENCH_WEB_SKIP_LIGHTHOUSE=1, BENCH_WEB_APP_DIR (measure another checkout, e.g. an older
// commit with its own build, for before/after figures), BENCH_WEB_LIST_SCRIPTS=1 (each script of
// each page with its gzipped size, largest first). Results also go to bench/results/web-<time>.json.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import autocannon from "autocannon";
import puppeteer from "puppeteer-core";
import { chromium as playwrightChromium } from "@playwright/test";
import { e2eAccounts } from "../tests/e2e/accounts";
import { chromiumPath, quietChromiumFlags } from "./chromium";
import { waitFor } from "./wait-for";

const root = path.resolve(import.meta.dirname, "..");
// The app to measure (its checkout): this one, or another (e.g. an older commit, for before/after).
const appDir = path.resolve(process.env.BENCH_WEB_APP_DIR || root);
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const chromeFlags = ["--headless=new", ...quietChromiumFlags];
const runs = Number(process.env.BENCH_RUNS || 5);
const appPort = Number(process.env.BENCH_WEB_PORT || 3250);
const helloPort = appPort + 1;
const appDist = process.env.BENCH_WEB_DIST || ".next-bench";
const appUrl = `http://127.0.0.1:${appPort}`;
const helloUrl = `http://127.0.0.1:${helloPort}`;
const KiB = 1024;

const publicRoutes = ["/", "/login"];
const appRoutes = ["/app", "/app/targets", "/app/reports"];

const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
});

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

/**
 * The build step `npm run build` adds after `next build` (the public pages' script hashes into
 * the compiled proxy), when the checkout measured has it (an older commit may not).
 */
async function writeBuildCsp(dir: string, distDir: string) {
  const step = path.join(dir, "scripts/public-page-csp.mjs");
  if (!fs.existsSync(step)) return;
  const { writePublicPageCsp } = (await import(step)) as {
    writePublicPageCsp(distDir: string): { pages: number };
  };
  const { pages } = writePublicPageCsp(path.resolve(dir, distDir));
  log(`  public pages' script hashes written into the build (${pages} pages)`);
}

function nextBuild(dir: string, distDir: string) {
  const started = Date.now();
  const res = spawnSync(process.execPath, [nextBin, "build", dir], {
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: distDir, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (res.status !== 0) {
    process.stdout.write(res.stdout);
    throw new Error(`next build failed in ${dir}`);
  }
  log(
    `  built ${path.relative(root, dir) || "app"} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * A hello-world App Router app of the installed Next version in a temp dir, on the project's
 * node_modules (symlinked; Turbopack's root must then hold both, hence "/").
 */
function createHelloWorld(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-hello-"));
  fs.mkdirSync(path.join(dir, "app"));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true }));
  fs.writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3 }));
  fs.writeFileSync(
    path.join(dir, "next.config.mjs"),
    'export default { turbopack: { root: "/" } };\n',
  );
  fs.writeFileSync(
    path.join(dir, "app/layout.js"),
    `export const metadata = { title: "Hello" };
export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  );
  fs.writeFileSync(
    path.join(dir, "app/page.js"),
    `export default function Page() {
  return <main><h1>Hello, world</h1><p>The floor: an empty Next.js page.</p></main>;
}
`,
  );
  return dir;
}

function startApp() {
  const child = spawn(process.execPath, ["tests/e2e/server.mjs"], {
    cwd: appDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(appPort),
      NEXT_DIST_DIR: appDist,
      E2E_USER: e2eAccounts.rep.username,
      E2E_USER_PASSWORD: e2eAccounts.rep.password,
      E2E_OPERATOR: e2eAccounts.operator.username,
      E2E_OPERATOR_PASSWORD: e2eAccounts.operator.password,
      LOG_LEVEL: "error",
    },
  });
  children.push(child);
  return waitFor(`${appUrl}/api/health`);
}

function startHello(dir: string) {
  const child = spawn(
    process.execPath,
    [nextBin, "start", dir, "-p", String(helloPort), "-H", "127.0.0.1"],
    { cwd: dir, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env } },
  );
  children.push(child);
  return waitFor(`${helloUrl}/`);
}

type Session = { token: string; cookie: string };

async function signIn(): Promise<Session> {
  const res = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(e2eAccounts.rep),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { token, cookie };
}

/** gzip size of every script the page's HTML loads (what the browser fetches before it runs). */
async function firstLoadJs(base: string, route: string, cookie?: string) {
  const res = await fetch(`${base}${route}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status}`);
  const csp = res.headers.get("content-security-policy") ?? "(none)";
  const html = await res.text();
  const srcs = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    // nomodule polyfills are not loaded by the browsers that run the app
    if (src && !/\bnomodule\b/i.test(tag)) srcs.add(src.replaceAll("&amp;", "&"));
  }
  let gz = 0;
  const sizes: [string, number][] = [];
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = gzipSync(body).length;
    gz += size;
    sizes.push([src, size]);
  }
  // BENCH_WEB_LIST_SCRIPTS=1: each script of the page, largest first (where the budget goes).
  if (process.env.BENCH_WEB_LIST_SCRIPTS === "1") {
    for (const [src, size] of sizes.sort((x, y) => y[1] - x[1]))
      log(`      ${route.padEnd(14)} ${(size / KiB).toFixed(1).padStart(6)} KiB  ${src}`);
  }
  return { gzKiB: gz / KiB, scripts: srcs.size, htmlKiB: Buffer.byteLength(html) / KiB, csp };
}

function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const lighthouseCli = path.join(root, "node_modules/lighthouse/cli/index.js");

/** One Lighthouse run through its CLI (a plain node process: tsx's helpers must not reach the page). */
function lighthouseRun(
  chromePort: number,
  url: string,
  formFactor: "mobile" | "desktop",
  keepStorage: boolean,
) {
  const args = [
    lighthouseCli,
    url,
    `--port=${chromePort}`,
    "--output=json",
    "--output-path=stdout",
    "--only-categories=performance",
    "--quiet",
    ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
    ...(keepStorage ? ["--disable-storage-reset"] : []),
  ];
  // Lighthouse sometimes loses a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most.
  let res = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  for (let retry = 0; res.status !== 0 && retry < 2; retry++) {
    log(
      `  (Lighthouse run for ${url} failed, repeating it: ${res.stderr.trim().split("\n").at(-1)})`,
    );
    res = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  }
  if (res.status !== 0) throw new Error(`lighthouse failed for ${url}: ${res.stderr.slice(-2000)}`);
  const report = JSON.parse(res.stdout) as {
    categories: { performance: { score: number | null } };
    runtimeError?: { message: string };
  };
  const score = report.categories.performance.score;
  if (typeof score !== "number") {
    throw new Error(`no Lighthouse score for ${url}: ${report.runtimeError?.message ?? "?"}`);
  }
  return Math.round(score * 100);
}

async function lighthouseScores(
  chromePort: number,
  url: string,
  formFactor: "mobile" | "desktop",
  session?: Session,
) {
  const scores: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (session) {
      // The app reads its bearer token from local storage and the server its cookie: seed both
      // in the browser Lighthouse drives, and tell Lighthouse to keep them.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
      const page = await browser.newPage();
      await page.goto(`${appUrl}/api/health`);
      const [name, value] = session.cookie.split("=", 2) as [string, string];
      await browser.setCookie({ name, value, domain: "127.0.0.1", path: "/", httpOnly: true });
      await page.evaluate(
        `localStorage.setItem("auth.token", ${JSON.stringify(session.token)});` +
          `localStorage.setItem("auth.user", ${JSON.stringify(e2eAccounts.rep.username)});`,
      );
      await page.close();
      await browser.disconnect();
    }
    scores.push(lighthouseRun(chromePort, url, formFactor, !!session));
  }
  return { median: median(scores), runs: scores };
}

/** Cumulative layout shift from opening a Targets search until all 20 rows are enriched. */
async function targetsCls(session: Session) {
  const browser = await playwrightChromium.launch({
    executablePath: chromiumPath,
    args: chromeFlags.filter((f) => !f.startsWith("--headless")),
  });
  try {
    const context = await browser.newContext({ baseURL: appUrl });
    const [name, value] = session.cookie.split("=", 2) as [string, string];
    await context.addCookies([{ name, value, url: appUrl }]);
    // A string, not a function: tsx's helpers must not reach the page.
    await context.addInitScript(`
      localStorage.setItem("auth.token", ${JSON.stringify(session.token)});
      localStorage.setItem("auth.user", ${JSON.stringify(e2eAccounts.rep.username)});
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    `);
    const page = await context.newPage();
    const values: number[] = [];
    for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
      await page.goto(
        `/app/targets?q=${encodeURIComponent(`dentists in Austin ${i}`)}&ts=${Date.now()}`,
      );
      await page
        .getByTestId("targets-status")
        .filter({ hasText: "20 places enriched" })
        .waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300); // let the last paint's shifts be reported
      values.push(Number(await page.evaluate("window.__cls")));
    }
    return { median: median(values), runs: values };
  } finally {
    await browser.close();
  }
}

function verdict(ok: boolean) {
  return ok ? "ok" : "OVER";
}

/**
 * GET / at 20 connections, the app's landing page against the hello-world's static page, in
 * alternating rounds (BENCH_WEB_LANDING_ROUNDS, default 3, of 5 s; medians). Target: >= 50 %.
 */
async function landingThroughput() {
  const rounds = Number(process.env.BENCH_WEB_LANDING_ROUNDS || 3);
  const rate = async (url: string) => {
    const r = await autocannon({ url, connections: 20, duration: 5 });
    if (r.non2xx || r.errors || r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
    return { rps: r.requests.average, p99: r.latency.p99 };
  };
  await rate(`${appUrl}/`); // warm-up
  const app: { rps: number; p99: number }[] = [];
  const hello: { rps: number; p99: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    app.push(await rate(`${appUrl}/`));
    hello.push(await rate(`${helloUrl}/`));
  }
  const a = { rps: median(app.map((x) => x.rps)), p99: median(app.map((x) => x.p99)) };
  const h = { rps: median(hello.map((x) => x.rps)), p99: median(hello.map((x) => x.p99)) };
  const pct = (100 * a.rps) / h.rps;
  log(`\nGET / at 20 connections (median of ${rounds} alternating rounds of 5 s)`);
  log(
    `  landing ${a.rps.toFixed(0)} req/s, p99 ${a.p99.toFixed(0)} ms; hello-world static ${h.rps.toFixed(0)} req/s, p99 ${h.p99.toFixed(0)} ms; ${pct.toFixed(0)} %  target >= 50 %  ${verdict(pct >= 50)}`,
  );
  return { app: a, hello: h, percent: pct };
}

async function main() {
  const results: Record<string, unknown> = { runs, at: new Date().toISOString() };
  log(`bench:web (Lighthouse ${runs} run(s) per page and form factor)`);
  const helloDir = createHelloWorld();
  try {
    if (
      process.env.BENCH_WEB_SKIP_BUILD === "1" &&
      fs.existsSync(path.join(appDir, appDist, "BUILD_ID"))
    ) {
      log(`  reusing the app build in ${appDist}`);
    } else {
      nextBuild(appDir, appDist);
      await writeBuildCsp(appDir, appDist);
    }
    nextBuild(helloDir, ".next");
    await Promise.all([startApp(), startHello(helloDir)]);
    const session = await signIn();

    log("\nfirst-load JS, gzipped (every <script src> of the served page)");
    const floor = await firstLoadJs(helloUrl, "/");
    log(
      `  hello-world floor                 ${floor.gzKiB.toFixed(1).padStart(6)} KiB (${floor.scripts} scripts)`,
    );
    const js: Record<string, Awaited<ReturnType<typeof firstLoadJs>>> = {};
    for (const route of [...publicRoutes, "/register", ...appRoutes]) {
      const isApp = route.startsWith("/app");
      const m = await firstLoadJs(appUrl, route, isApp ? session.cookie : undefined);
      js[route] = m;
      const budget = floor.gzKiB + (isApp ? 50 : 10);
      log(
        `  ${route.padEnd(14)} ${m.gzKiB.toFixed(1).padStart(6)} KiB  floor+${(m.gzKiB - floor.gzKiB).toFixed(1).padStart(5)}  target <= floor+${isApp ? 50 : 10} (${budget.toFixed(1)})  ${verdict(m.gzKiB <= budget)}   html ${m.htmlKiB.toFixed(0)} KiB`,
      );
    }
    results.firstLoadJs = { floor, routes: js };
    log("\nContent-Security-Policy script-src per route");
    for (const [route, m] of Object.entries(js)) {
      const scriptSrc = /script-src ([^;]*)/.exec(m.csp)?.[1] ?? m.csp;
      const shown = scriptSrc
        .replace(/'sha256-[^']+'/g, "'sha256-…'")
        .replace(/'nonce-[^']+'/, "'nonce-…'");
      const hashes = (scriptSrc.match(/'sha256-/g) ?? []).length;
      log(`  ${route.padEnd(14)} ${shown}${hashes ? `  (${hashes} hashes)` : ""}`);
    }

    results.landing = await landingThroughput();

    if (process.env.BENCH_WEB_SKIP_LIGHTHOUSE !== "1") {
      log(`\nLighthouse performance (median of ${runs})`);
      const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
      try {
        const lh: Record<string, Record<string, { median: number; runs: number[] }>> = {};
        for (const formFactor of ["mobile", "desktop"] as const) {
          const floorScore = await lighthouseScores(chrome.port, `${helloUrl}/`, formFactor);
          lh[`hello:${formFactor}`] = { score: floorScore };
          log(
            `  ${formFactor.padEnd(8)} hello-world floor  ${String(floorScore.median).padStart(3)}  [${floorScore.runs.join(" ")}]`,
          );
          for (const route of [...publicRoutes, ...appRoutes]) {
            const isApp = route.startsWith("/app");
            const s = await lighthouseScores(
              chrome.port,
              `${appUrl}${route}`,
              formFactor,
              isApp ? session : undefined,
            );
            lh[`${route}:${formFactor}`] = { score: s };
            const ok =
              formFactor === "desktop" ? s.median >= 100 : s.median >= floorScore.median - 3;
            const target = formFactor === "desktop" ? "100" : `>= ${floorScore.median - 3}`;
            log(
              `  ${formFactor.padEnd(8)} ${route.padEnd(18)} ${String(s.median).padStart(3)}  floor ${floorScore.median}  target ${target.padEnd(5)} ${verdict(ok)}  [${s.runs.join(" ")}]`,
            );
          }
        }
        results.lighthouse = lh;
      } finally {
        await chrome.kill();
      }
    }

    log("\nCLS on /app/targets while enrichment fills 20 rows");
    const cls = await targetsCls(session);
    log(
      `  CLS ${cls.median.toFixed(4)}  target 0  ${verdict(cls.median === 0)}  [${cls.runs.map((v) => v.toFixed(4)).join(" ")}]`,
    );
    results.cls = cls;

    fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const out = path.join(root, `bench/results/web-${Date.now()}.json`);
    fs.writeFileSync(out, JSON.stringify(results, null, 2));
    log(`\nresults: ${path.relative(root, out)}`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(helloDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
