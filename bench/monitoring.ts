// npm run bench:monitoring: what a manager listening to a rep's live call costs, in one headless
// Chromium. "The call" is two peer connections in the page, business <-> rep over loopback: the
// business sends 440 Hz bursts (200 ms every second, an OscillatorNode through a
// MediaStreamDestination), the rep the fake microphone (a 1000 Hz tone). "Monitoring" is the
// app's own code on the rep's side: createMonitorMix (modules/floor/lib/monitor-mix.ts) mixes the
// call's received track and the microphone, and a second pair of peer connections (rep <-> manager,
// offered by the manager and answered by the rep with completeLocalDescription, non-trickle, as
// modules/floor/client/monitor-*.ts do) carries the mix to the manager, who plays it. Listen mode.
//
// Two phases of BENCH_SECONDS each (default 20): A, the call alone; B, the call while monitored.
//   - delay business -> manager: the bursts' onsets as heard by the manager against their onsets at
//     the business, found by the same detector (two 440 Hz band-pass filters and an AudioWorklet,
//     sample-accurate) on the same AudioContext clock; the floor is business -> rep on the call
//     itself. Target: median business -> manager <= 300 ms (also printed: what monitoring adds).
//   - the rep's upstream for monitoring: outbound-rtp bytesSent of the rep's monitoring connection.
//   - extra CPU: user + system time of every Chromium process (the browser and its descendants,
//     /proc) in B against A, in % of one core. Rep and manager share this browser: the figure
//     covers the rep's mix and send and the manager's receive and playback together.
//   - the rep's call quality: the call's inbound-rtp (jitter, packets lost), one reading a second,
//     through the app's own quality meter (modules/dialer/lib/call-quality.ts,
//     modules/dialer/lib/sip-stats.ts). Target: |MOS B - MOS A| <= 0.1.
// Exits non-zero only when the run itself fails; prints PASS or MISS per target.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { createQualityMeter, type StatsSample } from "../modules/dialer/lib/call-quality";
import { statsSampleOf } from "../modules/dialer/lib/sip-stats";
import type { createMonitorMix } from "../modules/floor/lib/monitor-mix";
import type { completeLocalDescription, playTrack } from "../modules/floor/lib/monitor-rtc";
import { toneWav } from "../tests/e2e/sip-line";
import { chromiumPath, quietChromiumFlags } from "./chromium";

const root = path.resolve(import.meta.dirname, "..");
const phaseSeconds = Number(process.env.BENCH_SECONDS || 20);
const warmupSeconds = 3;
const delayTargetMs = 300;
const mosTarget = 0.1;
const ticks = 100; // USER_HZ on Linux
const micHz = 1000;
const pageUrl = "http://localhost/monitoring";

function log(line = "") {
  process.stdout.write(`${line}\n`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the page -------------------------------------------------------------------------------

/** What the page's entry hands the page code: the app's monitoring functions. */
type PageLib = {
  createMonitorMix: typeof createMonitorMix;
  completeLocalDescription: typeof completeLocalDescription;
  playTrack: typeof playTrack;
};

type Tap = "business" | "rep" | "manager";

/**
 * The onset detector, in the AudioWorklet scope: the time (AudioContext clock, sample-accurate) of
 * the first sample over `threshold` after at least `rearmSeconds` of nothing over half of it.
 */
const onsetWorklet = `
class Onset extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const o = options.processorOptions;
    this.threshold = o.threshold;
    this.rearm = Math.round(o.rearmSeconds * sampleRate);
    this.quiet = this.rearm;
    this.armed = true;
  }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) {
      this.quiet += 128;
      if (this.quiet >= this.rearm) this.armed = true;
      return true;
    }
    for (let i = 0; i < channel.length; i++) {
      const v = Math.abs(channel[i]);
      if (v > this.threshold && this.armed) {
        this.port.postMessage(currentTime + i / sampleRate);
        this.armed = false;
      }
      if (v > this.threshold / 2) this.quiet = 0;
      else if (++this.quiet >= this.rearm) this.armed = true;
    }
    return true;
  }
}
registerProcessor("onset", Onset);
`;

/**
 * The page's `window.__bench`. Runs in the browser: it is turned into text (`toString`) and
 * bundled with the app's modules by esbuild, so it may use nothing from this file but its
 * arguments.
 */
function monitoringPage(lib: PageLib, workletSource: string) {
  const ctx = new AudioContext({ latencyHint: "interactive" });
  const onsets: Record<Tap, number[]> = { business: [], rep: [], manager: [] };
  // Detectors must be pulled by the graph to run: into the destination, silent.
  const sink = new GainNode(ctx, { gain: 0 });
  sink.connect(ctx.destination);
  const worklet = ctx.audioWorklet.addModule(
    URL.createObjectURL(new Blob([workletSource], { type: "text/javascript" })),
  );
  const burstHz = 440;
  const burstGain = 0.3;

  const detect = async (tap: Tap, source: AudioNode) => {
    await worklet;
    let node = source;
    // Two band-passes keep the 440 Hz bursts and drop the microphone's 1000 Hz (-38 dB).
    for (let i = 0; i < 2; i++) {
      const filter = new BiquadFilterNode(ctx, { type: "bandpass", frequency: burstHz, Q: 5 });
      node.connect(filter);
      node = filter;
    }
    const detector = new AudioWorkletNode(ctx, "onset", {
      processorOptions: { threshold: burstGain / 3, rearmSeconds: 0.3 },
    });
    detector.port.onmessage = (event: MessageEvent<number>) => onsets[tap].push(event.data);
    node.connect(detector);
    detector.connect(sink);
  };

  /** Plays a received track (as the rep's dialer and the manager do) and taps it. */
  const playAndTap = (tap: Tap, track: MediaStreamTrack) => {
    const element = lib.playTrack(track, true);
    element.hidden = true;
    document.body.append(element);
    return detect(tap, ctx.createMediaStreamSource(element.srcObject as MediaStream));
  };

  const connected = (pc: RTCPeerConnection) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pc.connectionState === "connected") resolve();
        if (pc.connectionState === "failed") reject(new Error("connection failed"));
      };
      pc.addEventListener("connectionstatechange", check);
      check();
    });

  /** Offer from `a`, answer from `b`, whole descriptions (no trickle), as the app exchanges them. */
  const negotiate = async (a: RTCPeerConnection, b: RTCPeerConnection) => {
    const offer = await lib.completeLocalDescription(a, await a.createOffer());
    await b.setRemoteDescription({ type: "offer", sdp: offer });
    const answer = await lib.completeLocalDescription(b, await b.createAnswer());
    await a.setRemoteDescription({ type: "answer", sdp: answer });
    await Promise.all([connected(a), connected(b)]);
  };

  let call: {
    rep: RTCPeerConnection;
    business: RTCPeerConnection;
    sender: RTCRtpSender;
    mic: MediaStreamTrack;
    received: MediaStreamTrack;
  } | null = null;
  let monitoring: {
    rep: RTCPeerConnection;
    manager: RTCPeerConnection;
    mix: ReturnType<PageLib["createMonitorMix"]>;
  } | null = null;

  const statsOf = async (pc: RTCPeerConnection | undefined) =>
    pc ? [...(await pc.getStats()).values()] : [];

  return {
    now: () => ctx.currentTime,
    state: () => ctx.state,
    onsets: () => onsets,

    /** The call: business <-> rep, the business's bursts scheduled for the next 20 minutes. */
    async startCall() {
      await ctx.resume();
      const osc = new OscillatorNode(ctx, { frequency: burstHz });
      const burst = new GainNode(ctx, { gain: 0 });
      osc.connect(burst);
      const t0 = ctx.currentTime + 0.5;
      for (let k = 0; k < 1200; k++) {
        burst.gain.setValueAtTime(burstGain, t0 + k);
        burst.gain.setValueAtTime(0, t0 + k + 0.2);
      }
      osc.start();
      const out = ctx.createMediaStreamDestination();
      burst.connect(out);
      await detect("business", burst);

      const business = new RTCPeerConnection();
      business.addTrack(out.stream.getAudioTracks()[0]!, out.stream);
      const mic = (await navigator.mediaDevices.getUserMedia({ audio: true })).getAudioTracks()[0]!;
      const rep = new RTCPeerConnection();
      const sender = rep.addTrack(mic);
      const received = new Promise<MediaStreamTrack>((resolve) =>
        rep.addEventListener("track", (event) => resolve(event.track), { once: true }),
      );
      await negotiate(rep, business);
      const track = await received;
      await playAndTap("rep", track);
      call = { rep, business, sender, mic, received: track };
    },

    /** Monitoring in listen mode: the mix, and the manager's connection to the rep. */
    async startMonitoring() {
      if (!call) throw new Error("no call");
      const { sender, mic } = call;
      const mix = lib.createMonitorMix({
        received: [call.received],
        microphone: mic,
        sendToCall: async (track) => {
          try {
            await sender.replaceTrack(track ?? mic);
            return true;
          } catch {
            return false;
          }
        },
      });
      // The manager offers a send-and-receive transceiver with nothing to send (listen).
      const manager = new RTCPeerConnection();
      manager.addTransceiver("audio", { direction: "sendrecv" });
      const heard = new Promise<MediaStreamTrack>((resolve) =>
        manager.addEventListener("track", (event) => resolve(event.track), { once: true }),
      );
      const rep = new RTCPeerConnection();
      rep.addEventListener("track", (event) => mix.setManager(event.track));
      const offer = await lib.completeLocalDescription(manager, await manager.createOffer());
      await rep.setRemoteDescription({ type: "offer", sdp: offer });
      const transceiver = rep.getTransceivers().find((t) => t.receiver.track.kind === "audio");
      if (!transceiver) throw new Error("the offer has no audio");
      transceiver.direction = "sendrecv";
      await transceiver.sender.replaceTrack(mix.toManager);
      const answer = await lib.completeLocalDescription(rep, await rep.createAnswer());
      await manager.setRemoteDescription({ type: "answer", sdp: answer });
      await Promise.all([connected(manager), connected(rep)]);
      await mix.setMode("listen");
      await playAndTap("manager", await heard);
      monitoring = { rep, manager, mix };
    },

    async stopMonitoring() {
      if (!monitoring) return;
      monitoring.manager.close();
      monitoring.rep.close();
      await monitoring.mix.close();
      monitoring = null;
    },

    /** getStats() of the call's rep side, or of the rep's monitoring connection. */
    stats: (which: "call" | "monitoring") =>
      statsOf(which === "call" ? call?.rep : monitoring?.rep),
  };
}

/** The page's script: the app's modules and `monitoringPage`, bundled for the browser. */
export async function pageBundle(): Promise<string> {
  const entry = `
    import { createMonitorMix } from "./modules/floor/lib/monitor-mix";
    import { completeLocalDescription, playTrack } from "./modules/floor/lib/monitor-rtc";
    // tsx keeps function names with this helper; the page's text may carry calls to it.
    const __name = (target) => target;
    window.__bench = (${monitoringPage.toString()})(
      { createMonitorMix, completeLocalDescription, playTrack },
      ${JSON.stringify(onsetWorklet)},
    );
  `;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, sourcefile: "monitoring-page.js", loader: "js" },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "chrome120",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

// ---- CPU from /proc -------------------------------------------------------------------------

/** `root` and every process under it. */
function tree(rootPid: number): number[] {
  const all = new Set([rootPid]);
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!all.has(pid) && all.has(ppid)) {
        all.add(pid);
        grew = true;
      }
    }
  }
  return [...all];
}

function cpuSeconds(rootPid: number): number {
  let total = 0;
  for (const pid of tree(rootPid)) {
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

// ---- figures --------------------------------------------------------------------------------

function quantile(values: number[], q: number) {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** Each burst the business emitted in [from, to) against the first onset heard within 0.9 s. */
function delaysMs(emitted: number[], heard: number[], from: number, to: number) {
  const sent = emitted.filter((e) => e >= from && e < to);
  const ms: number[] = [];
  for (const e of sent) {
    const h = heard.find((t) => t > e && t < e + 0.9);
    if (h !== undefined) ms.push((h - e) * 1000);
  }
  return { sent: sent.length, ms, median: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

type StatsEntry = Record<string, unknown> & { id: string; type: string };

const reportOf = (entries: StatsEntry[]) =>
  new Map(entries.map((s) => [s.id, s])) as unknown as RTCStatsReport;

function outboundBytes(entries: StatsEntry[]) {
  const out = entries.find((s) => s.type === "outbound-rtp" && s.kind === "audio");
  return {
    bytes: Number(out?.bytesSent ?? 0),
    headerBytes: Number(out?.headerBytesSent ?? 0),
  };
}

type Phase = {
  name: string;
  from: number;
  to: number;
  cpuPercent: number;
  mos: number;
  jitterMs: number;
  lost: number;
  received: number;
  monitorKbps: number | null;
  monitorKbpsWithHeaders: number | null;
};

async function main() {
  const wav = path.join(os.tmpdir(), `dialflow-bench-monitoring-${micHz}hz.wav`);
  fs.writeFileSync(wav, toneWav(micHz));
  const script = await pageBundle();

  const server = await chromium.launchServer({
    executablePath: chromiumPath,
    headless: true,
    args: [
      ...quietChromiumFlags,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
      "--autoplay-policy=no-user-gesture-required",
      "--allow-loopback-in-peer-connection",
    ],
  });
  const browserPid = server.process().pid;
  if (!browserPid) throw new Error("no browser process");
  const browser = await chromium.connect(server.wsEndpoint());
  try {
    const page = await browser.newPage();
    page.on("pageerror", (error) => log(`page error: ${error.message}`));
    // A page on http://localhost (answered here, no server): AudioWorklet needs a secure context,
    // which about:blank is not.
    await page.route(pageUrl, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><html><body></body></html>",
      }),
    );
    await page.goto(pageUrl);
    await page.addScriptTag({ content: script });
    const bench = <T>(expression: string) => page.evaluate(`window.__bench.${expression}`) as T;

    log(
      `bench:monitoring (${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; ${phaseSeconds} s per phase; Chromium ${browser.version()})`,
    );
    await bench("startCall()");
    await sleep(warmupSeconds * 1000);

    /** One phase: CPU, the call's quality each second, the monitoring connection's bytes. */
    const runPhase = async (name: string, monitored: boolean): Promise<Phase> => {
      const statsOf = (which: "call" | "monitoring") => bench<StatsEntry[]>(`stats("${which}")`);
      const base = statsSampleOf(reportOf(await statsOf("call")));
      const monitorStart = monitored ? outboundBytes(await statsOf("monitoring")) : null;
      const from = await bench<number>("now()");
      const cpuStart = cpuSeconds(browserPid);
      const wallStart = performance.now();
      const meter = createQualityMeter();
      const jitters: number[] = [];
      let last: StatsSample = base;
      for (let s = 1; s <= phaseSeconds; s++) {
        await sleep(wallStart + s * 1000 - performance.now());
        const sample = statsSampleOf(reportOf(await statsOf("call")));
        // The meter counts packets from its first sample: this phase's only.
        meter.add({
          ...sample,
          packetsLost: sample.packetsLost - base.packetsLost,
          packetsReceived: sample.packetsReceived - base.packetsReceived,
        });
        if (sample.jitterMs !== null && sample.jitterMs !== undefined)
          jitters.push(sample.jitterMs);
        last = sample;
      }
      const wallSeconds = (performance.now() - wallStart) / 1000;
      const cpuPercent = ((cpuSeconds(browserPid) - cpuStart) / wallSeconds) * 100;
      const to = await bench<number>("now()");
      const monitorEnd = monitored ? outboundBytes(await statsOf("monitoring")) : null;
      const kbps = (bytes: number) => (bytes * 8) / wallSeconds / 1000;
      return {
        name,
        from,
        to,
        cpuPercent,
        mos: meter.summary()?.incoming?.averageMos ?? NaN,
        jitterMs: jitters.reduce((a, b) => a + b, 0) / (jitters.length || NaN),
        lost: last.packetsLost - base.packetsLost,
        received: last.packetsReceived - base.packetsReceived,
        monitorKbps:
          monitorStart && monitorEnd ? kbps(monitorEnd.bytes - monitorStart.bytes) : null,
        monitorKbpsWithHeaders:
          monitorStart && monitorEnd
            ? kbps(
                monitorEnd.bytes +
                  monitorEnd.headerBytes -
                  monitorStart.bytes -
                  monitorStart.headerBytes,
              )
            : null,
      };
    };

    log(`A: the call alone, ${phaseSeconds} s ...`);
    const a = await runPhase("A (call)", false);
    const setupStart = performance.now();
    await bench("startMonitoring()");
    const setupMs = performance.now() - setupStart;
    // Until the manager hears the bursts (at most 10 s), then 2 s more to settle.
    const heardBy = Date.now() + 10_000;
    while (Date.now() < heardBy) {
      if ((await bench<Record<Tap, number[]>>("onsets()")).manager.length >= 2) break;
      await sleep(200);
    }
    await sleep(2000);
    log(`B: the call while monitored (listen), ${phaseSeconds} s ...`);
    const b = await runPhase("B (monitored)", true);
    const onsets = await bench<Record<Tap, number[]>>("onsets()");
    const contextState = await bench<string>("state()");
    await bench("stopMonitoring()");

    const f = (v: number | null, digits = 0) => {
      if (v === null || !Number.isFinite(v)) return "-";
      const text = v.toFixed(digits);
      return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
    };
    const signed = (v: number, digits = 0) => (v >= 0 ? `+${f(v, digits)}` : f(v, digits));
    const floorA = delaysMs(onsets.business, onsets.rep, a.from, a.to);
    const floorB = delaysMs(onsets.business, onsets.rep, b.from, b.to);
    const manager = delaysMs(onsets.business, onsets.manager, b.from, b.to);
    if (!floorA.ms.length || !floorB.ms.length) {
      throw new Error(
        `the call carried no burst to the rep (A ${floorA.ms.length}/${floorA.sent}, B ${floorB.ms.length}/${floorB.sent}; onsets found: business ${onsets.business.length}, rep ${onsets.rep.length}; the page's AudioContext ${contextState} at ${f(a.from, 1)}-${f(b.to, 1)} s)`,
      );
    }

    const row = (cells: string[]) =>
      log(
        `  ${cells[0]!.padEnd(34)}${cells
          .slice(1)
          .map((c) => c.padStart(16))
          .join("")}`,
      );
    log();
    log(`monitoring connection up in ${setupMs.toFixed(0)} ms (offer, answer, ICE, DTLS)`);
    log();
    row(["", "A: call", "B: monitored", "B - A"]);
    row([
      "business -> rep, median / p95 ms",
      `${f(floorA.median)} / ${f(floorA.p95)}`,
      `${f(floorB.median)} / ${f(floorB.p95)}`,
      signed(floorB.median - floorA.median),
    ]);
    row(["business -> manager, median / p95", "", `${f(manager.median)} / ${f(manager.p95)}`, ""]);
    row(["  bursts heard by the manager", "", `${manager.ms.length} of ${manager.sent}`, ""]);
    row([
      "rep upstream to manager, kbit/s",
      "",
      `${f(b.monitorKbps, 1)} (${f(b.monitorKbpsWithHeaders, 1)})`,
      "",
    ]);
    row([
      "Chromium CPU, % of one core",
      f(a.cpuPercent, 1),
      f(b.cpuPercent, 1),
      signed(b.cpuPercent - a.cpuPercent, 1),
    ]);
    row([
      "rep's call: jitter ms, lost/recv",
      `${f(a.jitterMs, 1)}, ${a.lost}/${a.received}`,
      `${f(b.jitterMs, 1)}, ${b.lost}/${b.received}`,
      signed(b.jitterMs - a.jitterMs, 1),
    ]);
    row([
      "rep's call: MOS (what the rep hears)",
      f(a.mos, 3),
      f(b.mos, 3),
      signed(b.mos - a.mos, 3),
    ]);
    log();
    log("  upstream: outbound-rtp bytesSent of the rep's monitoring connection (with RTP headers)");
    log(
      "  CPU: the browser and every descendant process (/proc utime + stime); rep and manager share",
    );
    log(
      "  this browser, so B - A covers the rep's mix and send and the manager's receive and play.",
    );
    log();
    const added = manager.median - floorB.median;
    const delayOk = manager.median <= delayTargetMs;
    log(
      `${delayOk ? "PASS" : "MISS"}  business -> manager median ${f(manager.median)} ms <= ${delayTargetMs} ms (p95 ${f(manager.p95)}; monitoring adds ${f(added)} ms to the call's own ${f(floorB.median)} ms)`,
    );
    const mosDiff = Math.abs(b.mos - a.mos);
    log(
      `${mosDiff <= mosTarget ? "PASS" : "MISS"}  rep's call MOS unchanged: |${f(b.mos, 3)} - ${f(a.mos, 3)}| = ${f(mosDiff, 3)} <= ${mosTarget}`,
    );
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
}

if (path.resolve(process.argv[1] ?? "") === import.meta.filename)
  void main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
