// npm run bench:edge: what one reference edge (edge/: Kamailio and rtpengine from Debian, userspace
// forwarding) spends per concurrent call. N calls at once (1, 10, 30 by default) from WebRTC user
// agents (the test SIP client: ICE, DTLS-SRTP, PCMU, as browsers send) through the edge to
// Debian's baresip behind a UDP trunk; for each N, over a 10 s window with every call carrying
// audio both ways: the edge's CPU (Kamailio's and rtpengine's processes, user + system time from
// /proc) and memory (their proportional set size), against the same edge idle in the same run
// (the floor). Also the signalling setup time (INVITE sent -> 200 OK received) per call.
// The calling side (Node and werift) and the far end run on the same 2 cores: the figures are an
// upper bound for the edge alone. Results go to bench/results/edge-<time>.json.
//
// Env: BENCH_EDGE_CALLS (default "1,10,30"), BENCH_EDGE_WINDOW_MS (default 10000).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingEdgePrograms, startEdge, EDGE_PACKAGES } from "../edge/edge.mjs";
import { signCallAuthorization } from "../modules/telephony/lib/call-authorization";
import { mintEphemeralCredentials } from "../modules/telephony/lib/ephemeral";
import { connectSipClient } from "../tests/peers/sip/client.mjs";
import { startFarEnd } from "../tests/edge/far-end";

const levels = (process.env.BENCH_EDGE_CALLS || "1,10,30").split(",").map(Number);
const windowMs = Number(process.env.BENCH_EDGE_WINDOW_MS || 10_000);
const secret = "bench-edge-secret-0123456789abcdef";
const business = "+15125550101";
const ticks = 100; // USER_HZ on Linux

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
  const results: Array<Record<string, number>> = [];
  try {
    const pids = tree(edge.pids().filter((p, i) => edge.processes[i]!.name !== "turnserver"));
    const idle = await measure(pids);
    console.log(
      `bench:edge (Kamailio ${"5.6"} + rtpengine, userspace; ${os.cpus().length} cores; ${windowMs / 1000} s windows)`,
    );
    console.log(
      `  idle (floor): CPU ${idle.cpuPercent.toFixed(1)} %, memory ${idle.pssMiB.toFixed(1)} MiB`,
    );
    for (const n of levels) {
      const clients = await Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const user = `bench${i}`;
          const minted = mintEphemeralCredentials(secret, user);
          const client = await connectSipClient(edge.wsUrl, {
            user,
            authUser: minted.username,
            password: minted.password,
            domain: edge.sipDomain,
            toneHz: 1000,
            detectHz: [440],
            onlyLoopback: true,
          });
          await client.register();
          return { client, user };
        }),
      );
      const setups: number[] = [];
      // Calls start 250 ms apart, as a floor's calls do, not in one burst: the calling side's
      // DTLS handshakes (Node, werift) share these two cores with the edge.
      const calls = await Promise.all(
        clients.map(async ({ client, user }, i) => {
          await new Promise((r) => setTimeout(r, i * 250));
          const { token } = await signCallAuthorization(secret, {
            number: business,
            callerId: null,
            rep: user,
            org: "bench",
          });
          const started = performance.now();
          const call = client.invite(business, { headers: [["X-DialFlow-Authorization", token]] });
          const res = await call.final;
          setups.push(performance.now() - started);
          if (res.status !== 200) throw new Error(`call ${user}: ${res.status} ${res.reason}`);
          return call;
        }),
      );
      // Audio both ways on every call before the window opens (or the deadline passes: the
      // calls whose media never connected are counted and reported, not hidden).
      const heard = () =>
        calls.filter((c) => c.state.tones.some((t: { hz: number | null }) => t.hz === 440));
      const deadline = Date.now() + 30_000;
      while (heard().length < calls.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const carrying = heard().length;
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
      };
      results.push(perCall);
      console.log(
        `  ${String(n).padStart(2)} calls (${carrying} carrying audio both ways): CPU ${busy.cpuPercent.toFixed(1)} % (${perCall.cpuPercentPerCall.toFixed(2)} % a call over idle), memory ${busy.pssMiB.toFixed(1)} MiB (${perCall.pssMiBPerCall.toFixed(2)} MiB a call), INVITE -> 200 median ${perCall.setupMedianMs.toFixed(0)} ms (max ${perCall.setupMaxMs.toFixed(0)} ms)`,
      );
      await Promise.all(calls.map((c) => c.bye()));
      for (const { client } of clients) client.close();
      await new Promise((r) => setTimeout(r, 1000));
    }
    const last = results.at(-1);
    if (last) {
      // One core is 100 %: how many calls fill one of the edge's two cores, at this rate.
      const perCall = Math.max(last.cpuPercentPerCall!, 0.01);
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
      JSON.stringify({ windowMs, idle, results }, null, 2),
    );
  } finally {
    await farEnd.stop();
    await edge.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
