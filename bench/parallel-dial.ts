// npm run bench:parallel-dial: people reached per hour by one rep with parallel dialing, at 1 line
// and at 3 lines, over a simulated list with the SIP peer's mix (70 % no answer, 20 % machine,
// 10 % person), and the abandonment rate the rules allow (16 CFR 310.4(b)(4)(i): 3 % of calls a
// person answered).
//
// What is real: the round itself (modules/power-dial/lib/parallel-lines.ts: which line goes to the
// rep, the 15 s minimum ring, the voicemail after the beep, the abandonment), the answering-machine
// detector fed the committed espeak-ng clips (tests/fixtures/amd) in 20 ms blocks, and the pacing
// (modules/power-dial/lib/pacing.ts) deciding each round's lines from the session's own rate.
// What is simulated: time (a virtual clock, so an hour runs in seconds), the phone network (each
// business rings, then answers after a random delay or never) and the rep (talks BENCH_TALK_S,
// then wraps up BENCH_WRAP_S, then the countdown). Both line counts see the same businesses in the
// same order (BENCH_SEED), so the ratio compares the dialing alone.
import { readClip, clipLabels } from "../tests/fixtures/amd/clips";
import { runParallelBatch, type BatchResult } from "@/modules/power-dial/lib/parallel-lines";
import { allowedLines } from "@/modules/power-dial/lib/pacing";
import type { BackgroundLine, LineEvent } from "@/modules/dialer/lib/transport";
import type { Place } from "@/modules/places/lib/schemas";

const HOURS = Number(process.env.BENCH_HOURS ?? 8);
const SEED = Number(process.env.BENCH_SEED ?? 11);
const TALK_MS = Number(process.env.BENCH_TALK_S ?? 90) * 1000;
const WRAP_MS = Number(process.env.BENCH_WRAP_S ?? 10) * 1000;
const COUNTDOWN_MS = 3_000;
const CAP_PERCENT = Number(process.env.BENCH_CAP_PERCENT ?? 3);
const BLOCK = 160; // 20 ms at 8 kHz

/** A small seeded generator (mulberry32): the same list for both runs. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = "no-answer" | "machine" | "human";
type Business = { place: Place; kind: Kind; answerAfterMs: number; clip: string };

const humanClips = clipLabels.filter((l) => l.kind === "human").map((l) => l.file);
const machineClips = clipLabels.filter((l) => l.kind === "machine").map((l) => l.file);
const clips = new Map<string, Float32Array>();
const samplesOf = (file: string) => {
  if (!clips.has(file)) clips.set(file, readClip(file).samples);
  return clips.get(file)!;
};

function list(count: number): Business[] {
  const next = random(SEED);
  return Array.from({ length: count }, (_, i) => {
    const roll = next();
    const kind: Kind = roll < 0.7 ? "no-answer" : roll < 0.9 ? "machine" : "human";
    const pool = kind === "human" ? humanClips : machineClips;
    return {
      place: { place_id: `p${i}`, name: `Business ${i}`, phone: "+15125550100" } as Place,
      kind,
      // People pick up after 3-12 s of ringing; machines after 6-15 s.
      answerAfterMs: kind === "human" ? 3_000 + next() * 9_000 : 6_000 + next() * 9_000,
      clip: pool[Math.floor(next() * pool.length)]!,
    };
  });
}

/** Virtual time: timers run in order, each followed by the promises it settled. */
function virtualClock() {
  let now = 0;
  let seq = 0;
  const tasks = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run: () => void, ms: number) {
      const id = ++seq;
      tasks.set(id, { at: now + Math.max(0, ms), run });
      return id;
    },
    clearTimeout(id: unknown) {
      tasks.delete(id as number);
    },
    /** Runs the next timer; false when there is none. */
    async step() {
      let first: [number, { at: number; run: () => void }] | null = null;
      for (const entry of tasks) if (!first || entry[1].at < first[1].at) first = entry;
      if (!first) return false;
      tasks.delete(first[0]);
      now = first[1].at;
      first[1].run();
      for (let i = 0; i < 6; i++) await Promise.resolve();
      return true;
    },
  };
}

type Clock = ReturnType<typeof virtualClock>;

/** A business's line as the network behaves: rings, then answers with its clip, or never. */
function simulatedLine(
  business: Business,
  clock: Clock,
  taps: Map<object, (s: Float32Array) => void>,
) {
  const listeners = new Set<(e: LineEvent) => void>();
  const track = {} as MediaStreamTrack;
  let ended = false;
  let answered = false;
  const emit = (e: LineEvent) => listeners.forEach((l) => l(e));
  const end = () => {
    if (ended) return;
    ended = true;
    taps.delete(track);
    emit({
      type: "ended",
      answered,
      outcome: answered ? "completed" : "cancelled",
      sipStatus: answered ? null : 487,
    });
  };
  const line: BackgroundLine = {
    id: business.place.place_id,
    received: () => track,
    send: async () => true,
    hangUp: end,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  clock.setTimeout(() => !ended && emit({ type: "ringing" }), 200);
  if (business.kind !== "no-answer") {
    clock.setTimeout(() => {
      if (ended) return;
      answered = true;
      emit({ type: "answered" });
      // The far end's audio from the answer: the clip, then silence, in 20 ms blocks.
      const samples = samplesOf(business.clip);
      let at = 0;
      const silence = new Float32Array(BLOCK);
      const block = () => {
        const push = taps.get(track);
        if (ended || !push) return;
        push(at < samples.length ? samples.subarray(at, at + BLOCK) : silence);
        at += BLOCK;
        clock.setTimeout(block, 20);
      };
      clock.setTimeout(block, 20);
    }, business.answerAfterMs);
  }
  return line;
}

type Figures = {
  lines: number;
  people: number;
  abandoned: number;
  dials: number;
  roundsAtLines: Record<number, number>;
};

async function simulate(chosen: number, businesses: Business[]): Promise<Figures> {
  const clock = virtualClock();
  const taps = new Map<object, (s: Float32Array) => void>();
  const endAt = HOURS * 3_600_000;
  const figures: Figures = { lines: chosen, people: 0, abandoned: 0, dials: 0, roundsAtLines: {} };
  let answeredByPerson = 0;
  let repFreeAt = 0;
  let index = 0;
  while (clock.now() < endAt && index < businesses.length) {
    const ratePercent = answeredByPerson ? (100 * figures.abandoned) / answeredByPerson : 0;
    const lines = allowedLines({
      chosen,
      maxLines: 5,
      ratePercent24h: ratePercent,
      ratePercent30d: ratePercent,
      capPercent: CAP_PERCENT,
    });
    figures.roundsAtLines[lines] = (figures.roundsAtLines[lines] ?? 0) + 1;
    const round = businesses.slice(index, index + lines);
    index += lines;
    const byId = new Map(round.map((b) => [b.place.place_id, b]));
    let connectedAt: number | null = null;
    const batch = runParallelBatch(
      round.map((b) => b.place),
      {
        placeLine: async (place) => simulatedLine(byId.get(place.place_id)!, clock, taps),
        contextOf: (place) => ({ placeId: place.place_id }),
        numberOf: () => "+15125550100",
        tap: async (track, onSamples) => {
          taps.set(track, onSamples);
          return { sampleRate: 8000, stop: () => void taps.delete(track) };
        },
        audio: () => ({
          decode: async () => ({}) as AudioBuffer,
          // A 20 s message.
          play: (_b, onEnded) => {
            const timer = clock.setTimeout(onEnded, 20_000);
            return { track: {} as MediaStreamTrack, stop: () => clock.clearTimeout(timer) };
          },
          close: () => undefined,
        }),
        voicemail: async () => new ArrayBuffer(1),
        abandonMessage: async () => new ArrayBuffer(1),
        canConnect: () => connectedAt === null && clock.now() >= repFreeAt,
        connect(_place, line) {
          connectedAt = clock.now();
          figures.people++;
          answeredByPerson++;
          // The rep talks, hangs up and wraps up.
          clock.setTimeout(() => line.hangUp(), TALK_MS);
          repFreeAt = clock.now() + TALK_MS + WRAP_MS;
        },
        record: (record) => {
          figures.dials++;
          if (record.abandoned) {
            figures.abandoned++;
            answeredByPerson++;
          } else if (record.connectedAt !== null && record.detection?.verdict !== "machine") {
            answeredByPerson++;
          }
        },
        newCallId: () => "call",
        now: clock.now,
        setTimeout: clock.setTimeout,
        clearTimeout: clock.clearTimeout,
      },
    );
    let result: BatchResult | null = null;
    void batch.done.then((r) => (result = r));
    while (!result && (await clock.step()));
    if (connectedAt !== null) figures.dials++;
    // The next round after the rep's call (and wrap-up), then the countdown.
    const next = Math.max(clock.now(), repFreeAt) + COUNTDOWN_MS;
    clock.setTimeout(() => undefined, next - clock.now());
    while (clock.now() < next && (await clock.step()));
  }
  return figures;
}

async function main() {
  const businesses = list(20_000);
  const one = await simulate(1, businesses);
  const three = await simulate(3, businesses);
  const perHour = (f: Figures) => f.people / HOURS;
  const rate = (f: Figures) => {
    const answered = f.people + f.abandoned;
    return answered ? (100 * f.abandoned) / answered : 0;
  };
  console.log(
    `parallel dialing, ${HOURS} h simulated, mix 70/20/10, talk ${TALK_MS / 1000} s + wrap ${WRAP_MS / 1000} s, seed ${SEED}`,
  );
  for (const f of [one, three]) {
    console.log(
      `  ${f.lines} line(s): ${perHour(f).toFixed(1)} people/h, ${f.dials} dials, ` +
        `abandoned ${f.abandoned} (${rate(f).toFixed(2)} % of answered by a person), ` +
        `rounds by lines ${JSON.stringify(f.roundsAtLines)}`,
    );
  }
  console.log(`  ratio 3 lines / 1 line: ${(perHour(three) / perHour(one)).toFixed(2)}x`);
}

void main();
