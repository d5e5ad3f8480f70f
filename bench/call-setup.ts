// npm run bench:call-setup: how long a real call takes to set up in the app, beside a
// bare page running SIP.js alone against the same SIP peer in the same run (the floor):
//   - click -> answered: the click on Call to the dialer showing In Call (the floor: the
//     session reaching Established);
//   - click -> heard: the click to the peer's 440 Hz tone arriving in the page's remote audio
//     (an AnalyserNode on the received track, polled every few ms in the page).
// Both are timed in the page (performance.now and the click event's timeStamp), in Chromium with
// the e2e fake microphone, against the production build served by tests/e2e/server.mjs with
// the e2e organization's line pointed at the SIP test peer, as in tests/e2e/real-calls.spec.ts.
// The app's call includes what the product does before its INVITE: POST
// /api/telephony/authorize (the server's do-not-call check and the signed authorisation). The
// floor fetches its authorisation before the timed click and otherwise places the same call:
// credentials minted by the app, the same authorisation header, no ICE servers, the app's ICE
// gathering timeout, early media on. The runs alternate app and floor; the first call in each
// page (getUserMedia's first open, cold code paths) is reported apart and left out of the medians.
// Target: median app/floor <= 1.2 for both intervals. Also: the first-load JS of /app
// and /app/targets, and that none of it is SIP.js (it must stay in its lazy chunk).
//
// BENCH_CALL_SETUP_VIA=edge runs both sides through the reference edge instead (edge/: Kamailio,
// rtpengine and coturn from Debian's packages) to Debian's baresip behind a UDP trunk, playing
// the same 440 Hz and answering at once: what a team's own phone system adds, with the edge
// checking every INVITE's authorisation and rtpengine bridging WebRTC to plain RTP. The peer's
// figures (INVITE at the far end, its 200 OK) are then baresip's events as its control socket
// reports them.
//
// Env: BENCH_RUNS (calls per side, default 10), BENCH_CALL_SETUP_PORT (default 3270; the
// floor's page +1, the Places peer +1000, the SIP peer +2000), BENCH_RING_MS / BENCH_ANSWER_MS
// (the peer's delays before 180 and between 180 and 200; default 0 and 0: it answers at once,
// the strictest case, as any delay is added to both sides alike), BENCH_ICE_GATHERING_MS (the
// floor's; default the app's DEFAULT_ICE_GATHERING_MS, modules/dialer/lib/sip-registration.ts).
// BENCH_MACHINE_DETECTION=off turns the rep's answering-machine detection off (the dialer's
// setting; on by default, and on a call it taps the far end's audio once answered).
// Serves the production build in .next (built first when there is none; NEXT_DIST_DIR, passed
// through to the server, serves another existing one). Prints where the time goes (the page's
// getUserMedia, ICE gathering and requests, the peer's INVITE and 200 OK). Results also go to
// bench/results/call-setup-<time>.json (call-setup-edge-<time>.json through the edge).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { DEFAULT_ICE_GATHERING_MS } from "../modules/dialer/lib/sip-registration";
import { e2eAccounts } from "../tests/e2e/accounts";
import {
  fakeMediaArgs,
  peerNumbers,
  peerToneHz,
  saveE2eLineWithFetch,
} from "../tests/e2e/sip-line";
import type { RunningEdge } from "../edge/edge.mjs";
import { startFarEnd, type FarEnd } from "../tests/edge/far-end";
import { e2eSipDomain } from "../tests/e2e/sip-line";
import { serveFloorPage } from "./call-setup-floor";
import { chromiumPath, quietChromiumFlags } from "./chromium";
import { probeScript, type ProbeReading } from "./call-setup-probe";
import { waitFor } from "./wait-for";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.BENCH_RUNS || 10);
const appPort = Number(process.env.BENCH_CALL_SETUP_PORT || 3270);
const floorPort = appPort + 1;
const peerPort = appPort + 2000;
const appUrl = `http://127.0.0.1:${appPort}`;
const floorUrl = `http://127.0.0.1:${floorPort}`;
const peerUrl = `http://127.0.0.1:${peerPort}`;
const ringMs = Number(process.env.BENCH_RING_MS || 0);
const answerMs = Number(process.env.BENCH_ANSWER_MS || 0);
const distDir = process.env.NEXT_DIST_DIR || ".next";
const via = process.env.BENCH_CALL_SETUP_VIA === "edge" ? "edge" : "peer";
/** The rep's answering-machine detection (on unless turned off, as in the app). */
const machineDetection = process.env.BENCH_MACHINE_DETECTION !== "off";
/** The number both sides dial: the test peer's answering number, or the far end's. */
const dialed = via === "edge" ? "5125550161" : peerNumbers.answer;
/** Ports of the edge and its far end (edge mode): the app's port + 3000 and up. */
const edgeBase = appPort + 3000;
const edgeSecret = "bench-call-setup-edge-secret-5b0e";
const target = 1.2;
const KiB = 1024;

/** The app's ICE gathering wait, so that the floor stays in step with it. */
function appIceGatheringMs(): number {
  if (process.env.BENCH_ICE_GATHERING_MS) return Number(process.env.BENCH_ICE_GATHERING_MS);
  return DEFAULT_ICE_GATHERING_MS;
}

const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
});

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

/** The production build on a fresh embedded database, with the Places and SIP peers (e2e). */
function startApp() {
  const child = spawn(process.execPath, ["tests/e2e/server.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(appPort),
      E2E_USER: e2eAccounts.rep.username,
      E2E_USER_PASSWORD: e2eAccounts.rep.password,
      E2E_COLLEAGUE: e2eAccounts.colleague.username,
      E2E_COLLEAGUE_PASSWORD: e2eAccounts.colleague.password,
      E2E_OPERATOR: e2eAccounts.operator.username,
      E2E_OPERATOR_PASSWORD: e2eAccounts.operator.password,
      LOG_LEVEL: "error",
    },
  });
  children.push(child);
  return Promise.all([waitFor(`${appUrl}/api/health`), waitFor(`${peerUrl}/calls`)]);
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

type RepSession = { token: string; cookie: string };

async function signIn(): Promise<{ rep: RepSession; operatorToken: string }> {
  const res = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(e2eAccounts.rep),
  });
  const { token } = await json<{ token: string }>(res, "rep sign-in");
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const operator = await json<{ token: string }>(
    await fetch(`${appUrl}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(e2eAccounts.operator),
    }),
    "operator sign-in",
  );
  return { rep: { token, cookie }, operatorToken: operator.token };
}

const repPost = <T>(rep: RepSession, route: string, body?: unknown) =>
  fetch(`${appUrl}${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${rep.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((res) => json<T>(res, `POST ${route}`));

async function peerControl(route: string, body: unknown) {
  await json(
    await fetch(`${peerUrl}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    `peer ${route}`,
  );
}

/** gzip size of every script the page's HTML loads, and whether any of them is SIP.js. */
async function firstLoadJs(route: string, cookie: string) {
  const res = await fetch(`${appUrl}${route}`, { headers: { cookie }, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status}`);
  const html = await res.text();
  const srcs = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && !/\bnomodule\b/i.test(tag)) srcs.add(src.replaceAll("&amp;", "&"));
  }
  let gz = 0;
  let sipJs = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, appUrl))).arrayBuffer());
    gz += gzipSync(body).length;
    // SIP.js names its loggers "sip.<Class>": a string minifiers keep.
    if (body.includes("sip.Registerer")) sipJs++;
  }
  return { gzKiB: gz / KiB, scripts: srcs.size, sipJsScripts: sipJs };
}

function quantile(values: number[], q: number) {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

const median = (values: number[]) => quantile(values, 0.5);
const p90 = (values: number[]) => quantile(values, 0.9);

/** One call, ms after the click: the two figures, and where the time went. */
type Sample = {
  answeredMs: number;
  heardMs: number;
  /** The first INVITE reaching the peer (after the app's authorisation, getUserMedia, ICE). */
  inviteMs: number;
  /** The peer sending 200 OK (after the 407 challenge and the re-sent INVITE). */
  okMs: number;
  /** The app's POST /api/telephony/authorize: sent, answered (null for the floor). */
  authorize: { start: number; end: number } | null;
  /** The app's call record (PUT /api/calls/:id, sent beside the authorisation). */
  record: { start: number; end: number } | null;
  /** getUserMedia, the peer connection, ICE gathering, media connected (ms after the click). */
  steps: Record<string, number>;
  /** The floor's: its authorisation fetched from Node before the click (not in its figures). */
  authorizeFromNodeMs?: number;
};

type PeerCallTimes = { timeline: { at: number; dir: string; what: string }[] } & {
  times: { answered: number | null };
};

/** When the far end got the latest call's first INVITE and answered it (epoch ms). */
async function farSideTimes(): Promise<{ invite: number | null; answered: number | null }> {
  if (farEnd) {
    // An auto-answered call reports no CALL_INCOMING: its INVITE shows as the remote offer.
    const incoming = farEnd.events.findLast(
      (e) => e.type === "CALL_REMOTE_SDP" && e.param === "offer",
    );
    const answered = farEnd.events.findLast((e) => e.type === "CALL_ESTABLISHED");
    return {
      invite: typeof incoming?.at === "number" ? incoming.at : null,
      answered: typeof answered?.at === "number" ? answered.at : null,
    };
  }
  const call = await json<PeerCallTimes>(await fetch(`${peerUrl}/calls/last`), "peer call");
  const invite = call.timeline.find((t) => t.dir === "in" && t.what === "INVITE");
  return { invite: invite?.at ?? null, answered: call.times.answered };
}

async function sampleOf(r: ProbeReading, side: string): Promise<Sample> {
  if (r.clickAt === null || r.inCallAt === null || r.toneAt === null || r.clickEpoch === null) {
    throw new Error(`${side}: incomplete reading ${JSON.stringify(r)}`);
  }
  const far = await farSideTimes();
  const request = (prefix: string) => {
    const found = r.requests.find((q) => q.path.startsWith(prefix));
    return found ? { start: found.start, end: found.end } : null;
  };
  return {
    answeredMs: r.inCallAt - r.clickAt,
    heardMs: r.toneAt - r.clickAt,
    inviteMs: far.invite ? far.invite - r.clickEpoch : NaN,
    okMs: far.answered ? far.answered - r.clickEpoch : NaN,
    authorize: request("/api/telephony/authorize"),
    record: request("/api/calls"),
    steps: r.steps,
  };
}

/**
 * Polls an expression in the page until it is true. Not waitForFunction: that compiles its
 * string in the page, which /app's CSP (no 'unsafe-eval') refuses. The probe keeps the times.
 */
async function waitInPage(page: Page, expression: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until the probe has both marks (or gives up). */
async function readProbe(page: Page, side: string): Promise<Sample> {
  await waitInPage(
    page,
    "window.__bench.inCallAt !== null && window.__bench.toneAt !== null",
    20_000,
  );
  return sampleOf((await page.evaluate("window.__bench.read()")) as ProbeReading, side);
}

// ---- the app --------------------------------------------------------------------------------

async function openApp(context: BrowserContext, rep: RepSession) {
  const [name, value] = rep.cookie.split("=", 2) as [string, string];
  await context.addCookies([{ name, value, url: appUrl }]);
  // Strings, not functions: tsx's helpers must not reach the page.
  await context.addInitScript(
    `localStorage.setItem("auth.token", ${JSON.stringify(rep.token)});` +
      `localStorage.setItem("auth.user", ${JSON.stringify(e2eAccounts.rep.username)});` +
      (machineDetection
        ? ""
        : `localStorage.setItem("dialer.machineDetection", '{"v":1,"value":false}');`),
  );
  await context.addInitScript(probeScript(peerToneHz));
  const page = await context.newPage();
  await page.goto(`${appUrl}/app`);
  await page
    .locator("[data-testid=line-indicator][data-line-state=registered]")
    .waitFor({ timeout: 30_000 });
  // The dialer's status line marks In Call for the probe.
  await page.evaluate(`window.__bench.watchStatus(
    '[data-testid="dialer-widget"] [data-testid="dialer-status"]', "in-call")`);
  return page;
}

async function appCall(page: Page): Promise<Sample> {
  const widget = page.getByTestId("dialer-widget");
  const number = widget.getByRole("textbox", { name: "Phone number" });
  const call = widget.getByRole("button", { name: "Call", exact: true });
  await number.fill(dialed);
  await call.waitFor();
  await page.evaluate("window.__bench.arm()");
  await call.click();
  const sample = await readProbe(page, "app");
  await widget.getByRole("button", { name: "End", exact: true }).click();
  // The disposition prompt takes the keypad's place: Skip gives it back.
  const prompt = page.getByTestId("dialer-disposition");
  await prompt.waitFor();
  await prompt.getByRole("button", { name: "Skip", exact: true }).click();
  await widget.locator('[data-testid="dialer-status"][data-status="idle"]').waitFor();
  await number.waitFor();
  return sample;
}

// ---- the floor ------------------------------------------------------------------------------

async function openFloor(context: BrowserContext) {
  await context.addInitScript(probeScript(peerToneHz));
  const page = await context.newPage();
  await page.goto(`${floorUrl}/`);
  await waitInPage(page, "!!window.floor && window.floor.state === 'registered'", 30_000);
  return page;
}

async function floorCall(page: Page, rep: RepSession): Promise<Sample> {
  // Outside the timing: the app's equivalent is inside it (the authorize round trip).
  const asked = performance.now();
  const auth = await repPost<{ authorization: string; number: string }>(
    rep,
    "/api/telephony/authorize",
    { dialedDigits: dialed },
  );
  const authorizeFromNodeMs = performance.now() - asked;
  await page.evaluate(`window.floor.prepare(${JSON.stringify(auth)})`);
  await page.evaluate("window.__bench.arm()");
  await page.locator("#call").click();
  const sample = { ...(await readProbe(page, "floor")), authorizeFromNodeMs };
  await page.evaluate("window.floor.end()");
  await waitInPage(page, "window.floor.state === 'registered'", 10_000);
  return sample;
}

// ---- the edge (BENCH_CALL_SETUP_VIA=edge) ------------------------------------------------------

const farName = via === "edge" ? "far end" : "peer";
let edgeDir: string | null = null;
let edge: RunningEdge | null = null;
let farEnd: FarEnd | null = null;

/** The reference edge on loopback, and baresip answering the dialed number behind its trunk. */
async function startBenchEdge(): Promise<RunningEdge> {
  const { missingEdgePrograms, startEdge, EDGE_PACKAGES } = await import("../edge/edge.mjs");
  const missing = [
    ...missingEdgePrograms(),
    ...(fs.existsSync("/usr/bin/baresip") ? [] : ["baresip"]),
  ];
  if (missing.length)
    throw new Error(`the edge needs ${missing.join(", ")}: apt-get install ${EDGE_PACKAGES}`);
  edgeDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-call-setup-"));
  const started = await startEdge({
    dir: path.join(edgeDir, "edge"),
    secret: edgeSecret,
    domain: e2eSipDomain,
    ports: {
      ws: edgeBase,
      sip: edgeBase + 10,
      ng: edgeBase + 20,
      turn: edgeBase + 30,
      rtpMin: 36000,
      rtpMax: 36099,
      relayMin: 52000,
      relayMax: 52099,
    },
    trunk: { host: "127.0.0.1", port: edgeBase + 40 },
    numbers: {},
  });
  farEnd = await startFarEnd({
    dir: path.join(edgeDir, "far-end"),
    sipPort: edgeBase + 40,
    ctrlPort: edgeBase + 50,
    toneHz: peerToneHz,
    answers: [`+1${dialed}`],
  });
  return started;
}

// ---- the run --------------------------------------------------------------------------------

function summarise(samples: Sample[]) {
  const a = samples.map((s) => s.answeredMs);
  const h = samples.map((s) => s.heardMs);
  return {
    answered: { median: median(a), p90: p90(a), runs: a },
    heard: { median: median(h), p90: p90(h), runs: h },
  };
}

/** Where the time goes, medians (ms after the click); printed and kept in the results. */
function breakdown(app: Sample[], floor: Sample[]) {
  const med = (samples: Sample[], pick: (s: Sample) => number | undefined) => {
    const values = samples.map(pick).filter((v): v is number => v !== undefined && !isNaN(v));
    return values.length ? median(values) : NaN;
  };
  const steps: [string, (s: Sample) => number | undefined][] = [
    ["authorize request sent", (s) => s.authorize?.start],
    ["authorize answered", (s) => s.authorize?.end],
    ["call record answered (/api/calls)", (s) => s.record?.end],
    ["getUserMedia asked", (s) => s.steps["getUserMedia asked"]],
    ["getUserMedia answered", (s) => s.steps["getUserMedia answered"]],
    ["peer connection created", (s) => s.steps["peer connection created"]],
    ["ICE gathering complete", (s) => s.steps["ICE gathering complete"]],
    [`first INVITE at the ${farName}`, (s) => s.inviteMs],
    [via === "edge" ? "call established at the far end" : "200 OK sent by the peer", (s) => s.okMs],
    ["media connected (ICE + DTLS)", (s) => s.steps["media connected (ICE + DTLS)"]],
    ["In Call shown / Established", (s) => s.answeredMs],
    ["far-end tone heard", (s) => s.heardMs],
  ];
  log("\nwhere the time goes (median ms after the click)        app  floor");
  const fromNode = med(floor, (s) => s.authorizeFromNodeMs);
  const rows: Record<string, { app: number; floor: number }> = {};
  const cell = (v: number) => (isNaN(v) ? "-" : v.toFixed(0)).padStart(5);
  for (const [label, pick] of steps) {
    const row = { app: med(app, pick), floor: med(floor, pick) };
    rows[label] = row;
    log(`  ${label.padEnd(50)} ${cell(row.app)}  ${cell(row.floor)}`);
  }
  log(
    `  (the floor's authorisation, fetched from Node before its click: ${fromNode.toFixed(0)} ms round trip)`,
  );
  return { ...rows, authorizeFromNodeMs: fromNode };
}

async function main() {
  const iceGatheringMs = appIceGatheringMs();
  log(
    via === "edge"
      ? `bench:call-setup through the reference edge to baresip (${runs} calls per side after one first call each; it answers at once; ICE gathering timeout ${iceGatheringMs} ms)`
      : `bench:call-setup (${runs} calls per side after one first call each; peer rings after ${ringMs} ms, answers ${answerMs} ms later; ICE gathering timeout ${iceGatheringMs} ms)`,
  );
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    if (process.env.NEXT_DIST_DIR) throw new Error(`no production build in ${distDir}`);
    log("  no production build in .next: building it (npm run build)");
    const res = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
    if (res.status !== 0) throw new Error("npm run build failed");
  }
  const results: Record<string, unknown> = {
    via,
    machineDetection,
    runs,
    at: new Date().toISOString(),
    ringMs,
    answerMs,
    iceGatheringMs,
    target,
  };
  // Filled in once the app has minted the rep's credentials.
  const floorConfig: Record<string, unknown> = {};
  const floorServer = await serveFloorPage(floorPort, floorConfig);
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    await startApp();
    const { rep, operatorToken } = await signIn();
    let org;
    if (via === "edge") {
      edge = await startBenchEdge();
      org = await saveE2eLineWithFetch(appUrl, operatorToken, {
        wsUrl: edge.wsUrl,
        secret: edgeSecret,
      });
    } else {
      org = await saveE2eLineWithFetch(appUrl, operatorToken);
    }
    const wsUrl = org.line?.wsUrl;
    if (!wsUrl) throw new Error("the line was not saved");
    if (via === "peer") {
      await peerControl("/reset", { registrations: true });
      await peerControl("/config", { delays: { ringMs, answerMs } });
    }

    log("\nfirst-load JS, gzipped (every <script src> of the served page)");
    const js: Record<string, Awaited<ReturnType<typeof firstLoadJs>>> = {};
    for (const route of ["/app", "/app/targets"]) {
      const m = await firstLoadJs(route, rep.cookie);
      js[route] = m;
      log(
        `  ${route.padEnd(14)} ${m.gzKiB.toFixed(1).padStart(6)} KiB (${m.scripts} scripts)  SIP.js in the first load: ${m.sipJsScripts ? "YES (MISS)" : "no (ok)"}`,
      );
    }
    results.firstLoadJs = js;

    // The floor's page registers with credentials the app mints for the rep, as the app does.
    const credentials = await repPost<{ username: string; password: string; sipUri: string }>(
      rep,
      "/api/telephony/credentials",
    );
    Object.assign(floorConfig, {
      wsUrl,
      sipDomain: org.line!.sipDomain,
      iceServers: org.line!.iceServers,
      iceGatheringTimeout: iceGatheringMs,
      ...credentials,
    });

    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...quietChromiumFlags, ...fakeMediaArgs()],
    });
    const appPage = await openApp(await browser.newContext(), rep);
    const floorPage = await openFloor(await browser.newContext());

    const first = { app: await appCall(appPage), floor: await floorCall(floorPage, rep) };
    log(
      `\nfirst call in each page (left out of the medians): app ${first.app.answeredMs.toFixed(0)} / ${first.app.heardMs.toFixed(0)} ms, floor ${first.floor.answeredMs.toFixed(0)} / ${first.floor.heardMs.toFixed(0)} ms (answered / heard)`,
    );
    const gum = (x: Sample) =>
      `getUserMedia ${(x.steps["getUserMedia asked"] ?? NaN).toFixed(0)}-${(x.steps["getUserMedia answered"] ?? NaN).toFixed(0)} ms`;
    log(
      `  app: authorize answered at ${(first.app.authorize?.end ?? NaN).toFixed(0)} ms, ${gum(first.app)}, INVITE at the peer ${first.app.inviteMs.toFixed(0)} ms; floor: ${gum(first.floor)}, INVITE ${first.floor.inviteMs.toFixed(0)} ms`,
    );
    results.firstCall = first;

    const app: Sample[] = [];
    const floor: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternate which side goes first, so neither always follows the other's teardown.
      if (i % 2 === 0) {
        app.push(await appCall(appPage));
        floor.push(await floorCall(floorPage, rep));
      } else {
        floor.push(await floorCall(floorPage, rep));
        app.push(await appCall(appPage));
      }
      log(
        `  run ${String(i + 1).padStart(2)}: app ${app.at(-1)!.answeredMs.toFixed(0).padStart(4)} / ${app.at(-1)!.heardMs.toFixed(0).padStart(4)} ms   floor ${floor.at(-1)!.answeredMs.toFixed(0).padStart(4)} / ${floor.at(-1)!.heardMs.toFixed(0).padStart(4)} ms`,
      );
    }

    const a = summarise(app);
    const f = summarise(floor);
    log(`\ncall setup, ${runs} calls per side (median / p90, ms)`);
    const rows: Record<string, unknown> = {};
    for (const key of ["answered", "heard"] as const) {
      const ratio = a[key].median / f[key].median;
      const ratioP90 = a[key].p90 / f[key].p90;
      const label =
        key === "answered" ? "click -> answered (In Call)" : "click -> far-end tone heard";
      log(
        `  ${label.padEnd(28)} app ${a[key].median.toFixed(0).padStart(4)} / ${a[key].p90.toFixed(0).padStart(4)}   floor ${f[key].median.toFixed(0).padStart(4)} / ${f[key].p90.toFixed(0).padStart(4)}   ratio ${ratio.toFixed(2)} (p90 ${ratioP90.toFixed(2)})  target <= ${target}  ${ratio <= target ? "PASS" : "MISS"}`,
      );
      rows[key] = { app: a[key], floor: f[key], ratio, ratioP90, pass: ratio <= target };
    }
    results.callSetup = rows;
    results.breakdown = breakdown(app, floor);
    results.samples = { app, floor };

    fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const name = via === "edge" ? "call-setup-edge" : "call-setup";
    const out = path.join(root, `bench/results/${name}-${Date.now()}.json`);
    fs.writeFileSync(out, JSON.stringify(results, null, 2));
    log(`\nresults: ${path.relative(root, out)}`);
  } finally {
    await browser?.close();
    floorServer.close();
    await farEnd?.stop();
    await edge?.stop();
    if (edgeDir) fs.rmSync(edgeDir, { recursive: true, force: true });
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
