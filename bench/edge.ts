// npm run bench:edge: what one reference edge (edge/: Kamailio and rtpengine from Debian, userspace
// forwarding) spends per concurrent call. N calls at once (1, 10, 30 by default) from WebRTC user
// agents through the edge to Debian's baresip behind a UDP trunk; for each N, over a 10 s window
// once the calls carry the far end's tone: the edge's CPU (Kamailio's and rtpengine's processes,
// user + system time from /proc) and memory (their proportional set size), against the same edge
// idle in the same run (the floor). Also each call's setup time. Calls that never carried the
// tone are counted, with their media's state, not hidden; the per-call figures divide by the calls
// that did.
// The callers are Chromium tabs running SIP.js (the floor page of bench/call-setup.ts: ICE,
// DTLS-SRTP, Opus or PCMU, as reps' browsers send), or with BENCH_EDGE_CALLER=werift the test SIP
// client in BENCH_EDGE_PROCESSES Node processes. Callers and far end share the edge's 2 cores:
// the figures are an upper bound for the edge alone. Results go to bench/results/edge-<time>.json.
//
// Env: BENCH_EDGE_CALLS (default "1,10,30"), BENCH_EDGE_WINDOW_MS (default 10000),
// BENCH_EDGE_CALLER (chromium or werift), BENCH_EDGE_PROCESSES (werift's; default the cores, at
// least 2).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingEdgePrograms, startEdge, EDGE_PACKAGES } from "../edge/edge.mjs";
import { fork, type ChildProcess } from "node:child_process";
import { chromium, type Browser, type Page } from "@playwright/test";
import type { RunningEdge } from "../edge/edge.mjs";
import { DEFAULT_ICE_GATHERING_MS } from "../modules/dialer/lib/sip-registration";
import { signCallAuthorization } from "../modules/telephony/lib/call-authorization";
import { mintEphemeralCredentials } from "../modules/telephony/lib/ephemeral";
import { fakeMediaArgs } from "../tests/e2e/sip-line";
import { startFarEnd } from "../tests/edge/far-end";
import { serveFloorPage } from "./call-setup-floor";
import { chromiumPath, quietChromiumFlags } from "./chromium";
import { probeScript, type ProbeReading } from "./call-setup-probe";
import type { CallerReport, CallerTask } from "./edge-caller";

const levels = (process.env.BENCH_EDGE_CALLS || "1,10,30").split(",").map(Number);
const windowMs = Number(process.env.BENCH_EDGE_WINDOW_MS || 10_000);
const secret = "bench-edge-secret-0123456789abcdef";
const business = "+15125550101";
const ticks = 100; // USER_HZ on Linux
const farToneHz = 440;
/**
 * Who calls: "chromium" (default), one tab of the SIP.js floor page (bench/call-setup-floor.ts)
 * per call, as reps' browsers do; or "werift", the test SIP client in several Node processes
 * (bench/edge-caller.ts), whose ICE and DTLS with rtpengine never finish on some calls.
 */
const caller = process.env.BENCH_EDGE_CALLER === "werift" ? "werift" : "chromium";
const floorPort = 18290;
const setupLabel = caller === "chromium" ? "click -> Established" : "INVITE -> 200";
/** Calling processes (bench/edge-caller.ts), each with its share of the calls. */
const callerProcesses = Number(process.env.BENCH_EDGE_PROCESSES || Math.max(2, os.cpus().length));

const missing = [
  ...missingEdgePrograms(),
  ...(fs.existsSync("/usr/bin/baresip") ? [] : ["baresip"]),
];
if (missing.length) {
  console.error(`bench:edge needs ${missing.join(", ")}: apt-get install ${EDGE_PACKAGES}`);
  process.exit(1);
}

/** Every process under `pids` (Kamailio forks its workers). */
function tree(pids: number[]): number[] {
  const all = new Set(pids);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (all.has(ppid)) all.add(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return [...all];
}

function cpuSeconds(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

function pssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      kib += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kib / 1024;
}

async function measure(pids: number[]) {
  const before = cpuSeconds(pids);
  const start = performance.now();
  await new Promise((r) => setTimeout(r, windowMs));
  const seconds = (performance.now() - start) / 1000;
  return { cpuPercent: ((cpuSeconds(pids) - before) / seconds) * 100, pssMiB: pssMiB(pids) };
}

/**
 * Places `n` calls through the edge from `callerProcesses` processes, 250 ms apart (not one
 * burst), and waits until every answered call carries the far end's tone or 30 s pass: calls whose
 * media never connected are counted and reported, not hidden. `end` hangs them all up.
 */
async function placeCalls(edge: RunningEdge, n: number): Promise<Placed> {
  const processes = Math.min(callerProcesses, n);
  const workers: {
    child: ChildProcess;
    heard: number;
    silent: Record<string, number>;
    placed: Promise<CallerReport>;
  }[] = [];
  for (let p = 0; p < processes; p++) {
    const child = fork(path.join(import.meta.dirname, "edge-caller.ts"), {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const worker = {
      child,
      heard: 0,
      silent: {} as Record<string, number>,
      placed: null as unknown as Promise<CallerReport>,
    };
    worker.placed = new Promise((resolve, reject) => {
      child.on("message", (report: CallerReport) => {
        if (report.type === "placed") resolve(report);
        if (report.type === "heard") Object.assign(worker, report);
      });
      child.once("exit", (code) => reject(new Error(`a calling process exited (${code})`)));
    });
    const task: CallerTask = {
      wsUrl: edge.wsUrl,
      domain: edge.sipDomain,
      secret,
      business,
      farToneHz,
      // Call i goes from process i % processes, 250 ms after call i - 1.
      calls: Array.from({ length: n }, (_, i) => i)
        .filter((i) => i % processes === p)
        .map((i) => ({ user: `bench${i}`, delayMs: i * 250 })),
    };
    child.send(task);
    workers.push(worker);
  }
  const placed = (await Promise.all(workers.map((w) => w.placed))) as Extract<
    CallerReport,
    { type: "placed" }
  >[];
  const answered = placed.reduce((sum, r) => sum + r.setupsMs.length, 0);
  const heard = () => workers.reduce((sum, w) => sum + w.heard, 0);
  const deadline = Date.now() + 30_000;
  while (heard() < answered && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = () =>
    Promise.all(
      workers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            child.once("exit", () => resolve());
            child.send("end");
          }),
      ),
    );
  const silent: Record<string, number> = {};
  for (const w of workers) {
    for (const [state, count] of Object.entries(w.silent))
      silent[state] = (silent[state] ?? 0) + count;
  }
  return {
    silent,
    setups: placed.flatMap((r) => r.setupsMs),
    failures: placed.flatMap((r) => r.failures),
    carrying: heard(),
    end,
  };
}

type Placed = {
  setups: number[];
  failures: string[];
  carrying: number;
  silent: Record<string, number>;
  end: () => Promise<unknown>;
};

/** Polls an expression in the page (the floor's page has no framework to wait on). */
async function waitInPage(page: Page, expression: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Chromium with the e2e fake microphone (1000 Hz), serving the floor page for `user`. */
async function startChromiumCaller(edge: RunningEdge) {
  const user = "benchbrowser";
  const minted = mintEphemeralCredentials(secret, user);
  const server = await serveFloorPage(floorPort, {
    wsUrl: edge.wsUrl,
    sipDomain: edge.sipDomain,
    iceServers: [],
    iceGatheringTimeout: DEFAULT_ICE_GATHERING_MS,
    username: minted.username,
    password: minted.password,
    sipUri: `sip:${user}@${edge.sipDomain}`,
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...quietChromiumFlags,
      // Tabs in the background keep their timers and media at full rate.
      "--disable-background-timer-throttling",
      "--disable-renderer-backgrounding",
      "--disable-backgrounding-occluded-windows",
      ...fakeMediaArgs(),
    ],
  });
  return { user, browser, server };
}

/**
 * `n` calls from as many tabs of the floor page, 250 ms apart; waits until each carries the far
 * end's tone or 30 s pass. Setup is the click to SIP.js's Established, on the page's clock.
 */
async function placeCallsFromChromium(
  from: { user: string; browser: Browser },
  n: number,
): Promise<Placed> {
  const context = await from.browser.newContext();
  await context.addInitScript(probeScript(farToneHz));
  // One tab after another, each registered before the next opens: thirty at once starve the
  // two cores and time out loading.
  const pages: Page[] = [];
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${floorPort}/`, { timeout: 60_000 });
    if (!(await waitInPage(page, "window.floor?.state === 'registered'", 30_000))) {
      failures.push(`tab ${i}: not registered`);
      await page.close();
      continue;
    }
    pages.push(page);
  }
  await Promise.all(
    pages.map(async (page, i) => {
      await new Promise((r) => setTimeout(r, i * 250));
      const { token } = await signCallAuthorization(secret, {
        number: business,
        callerId: null,
        rep: from.user,
        org: "bench",
      });
      await page.evaluate(
        `window.floor.prepare(${JSON.stringify({ authorization: token, number: business })})`,
      );
      await page.evaluate("window.__bench.arm()");
      await page.locator("#call").click();
    }),
  );
  await Promise.all(
    pages.map((page) => waitInPage(page, "window.__bench.toneAt !== null", 30_000)),
  );
  const readings = await Promise.all(
    pages.map(async (page) => ({
      reading: (await page.evaluate("window.__bench.read()")) as ProbeReading,
      state: (await page.evaluate("window.floor?.state ?? 'no page'")) as string,
    })),
  );
  const silent: Record<string, number> = {};
  for (const { reading, state } of readings) {
    if (reading.toneAt === null) silent[state] = (silent[state] ?? 0) + 1;
  }
  return {
    setups: readings
      .filter(({ reading }) => reading.inCallAt !== null && reading.clickAt !== null)
      .map(({ reading }) => reading.inCallAt! - reading.clickAt!),
    failures,
    carrying: readings.filter(({ reading }) => reading.toneAt !== null).length,
    silent,
    end: async () => {
      await Promise.all(pages.map((page) => page.evaluate("window.floor.end()")));
      await new Promise((r) => setTimeout(r, 1000));
      await context.close();
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-edge-"));
  const ports = { ws: 18188, sip: 15180, ng: 22242, turn: 13578, rtpMin: 34000, rtpMax: 34999 };
  const edge = await startEdge({
    dir: path.join(dir, "edge"),
    secret,
    ports,
    trunk: { host: "127.0.0.1", port: 15190 },
  });
  const farEnd = await startFarEnd({
    dir: path.join(dir, "far-end"),
    sipPort: 15190,
    ctrlPort: 15655,
    toneHz: 440,
    answers: [business],
    maxCalls: Math.max(...levels) + 4,
  });
  const results: Array<Record<string, number | Record<string, number>>> = [];
  const browserCaller = caller === "chromium" ? await startChromiumCaller(edge) : null;
  try {
    const pids = tree(edge.pids().filter((p, i) => edge.processes[i]!.name !== "turnserver"));
    const idle = await measure(pids);
    console.log(
      `bench:edge (Kamailio 5.6 + rtpengine, userspace; ${os.cpus().length} cores; ${windowMs / 1000} s windows; calling from ${caller === "chromium" ? "Chromium tabs (SIP.js)" : `${callerProcesses} werift processes`})`,
    );
    console.log(
      `  idle (floor): CPU ${idle.cpuPercent.toFixed(1)} %, memory ${idle.pssMiB.toFixed(1)} MiB`,
    );
    for (const n of levels) {
      const { setups, failures, carrying, silent, end } = browserCaller
        ? await placeCallsFromChromium(browserCaller, n)
        : await placeCalls(edge, n);
      const busy = await measure(tree(pids));
      const perCall = {
        calls: n,
        cpuPercent: busy.cpuPercent,
        cpuPercentPerCall: (busy.cpuPercent - idle.cpuPercent) / Math.max(carrying, 1),
        pssMiB: busy.pssMiB,
        pssMiBPerCall: (busy.pssMiB - idle.pssMiB) / Math.max(carrying, 1),
        setupMedianMs: median(setups),
        setupMaxMs: Math.max(...setups),
        carryingAudio: carrying,
        silent,
      };
      results.push(perCall);
      console.log(
        `  ${String(n).padStart(2)} calls (${carrying} with the far end's tone heard): CPU ${busy.cpuPercent.toFixed(1)} % (${perCall.cpuPercentPerCall.toFixed(2)} % a call over idle), memory ${busy.pssMiB.toFixed(1)} MiB (${perCall.pssMiBPerCall.toFixed(2)} MiB a call), ${setupLabel} median ${perCall.setupMedianMs.toFixed(0)} ms (max ${perCall.setupMaxMs.toFixed(0)} ms)`,
      );
      if (failures.length) console.log(`     refused or failed: ${failures.join("; ")}`);
      const unheard = Object.entries(silent).map(([state, count]) => `${count} ${state}`);
      if (unheard.length)
        console.log(`     without the tone, by media state: ${unheard.join(", ")}`);
      await end();
      await new Promise((r) => setTimeout(r, 1000));
    }
    const last = results.at(-1);
    if (last) {
      // One core is 100 %: how many calls fill one of the edge's two cores, at this rate.
      const perCall = Math.max(last.cpuPercentPerCall as number, 0.01);
      console.log(
        `  at ${perCall.toFixed(2)} % a call, one core carries about ${Math.floor(100 / perCall)} calls`,
      );
    }
    fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
    fs.writeFileSync(
      path.join(
        import.meta.dirname,
        "results",
        `edge-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
      ),
      JSON.stringify({ caller, windowMs, idle, results }, null, 2),
    );
  } finally {
    await browserCaller?.browser.close();
    browserCaller?.server.close();
    await farEnd.stop();
    await edge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
