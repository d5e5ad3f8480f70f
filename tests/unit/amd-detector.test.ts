// The answering-machine detector (modules/dialer/lib/amd/detector.ts) on the committed call clips
// (espeak-ng voices at 8 kHz, tests/fixtures/amd) and on synthetic signals at the browser's 48 kHz.
import { describe, expect, it } from "vitest";
import {
  createAmdDetector,
  type AmdDecision,
  type AmdDetector,
} from "@/modules/dialer/lib/amd/detector";
import {
  APP_AMD_SETTINGS,
  DEFAULT_AMD_SETTINGS,
  amdSettings,
  type AmdSettings,
} from "@/modules/dialer/lib/amd/settings";
import { clipLabels, feed, readClip, type ClipLabel } from "@/tests/fixtures/amd/clips";

function decide(
  label: ClipLabel,
  settings: AmdSettings = DEFAULT_AMD_SETTINGS,
  block = 128,
): AmdDecision {
  const { rate, samples } = readClip(label.file);
  const detector = createAmdDetector(rate, settings);
  feed(samples, detector.push, block);
  expect(detector.decision, label.file).not.toBeNull();
  return detector.decision!;
}

const clips = (kind: ClipLabel["kind"]) => clipLabels.filter((label) => label.kind === kind);

describe("AMD on the committed clips", () => {
  it("has every kind of call the test peer will play, at 8 kHz", () => {
    const kinds = new Set(clipLabels.map((label) => label.kind));
    expect([...kinds].sort()).toEqual(
      ["fax", "human", "late-human", "machine", "machine-no-beep", "silence"].sort(),
    );
    for (const label of clipLabels) expect(readClip(label.file).rate).toBe(8000);
  });

  it.each(clips("human"))("$file: a person, once they stop talking", (label) => {
    const decision = decide(label);
    expect(decision.verdict).toBe("human");
    expect(decision.cause).toBe("human");
    // It waits for the after-greeting silence: never before the last word, and about 800 ms after.
    expect(decision.atMs).toBeGreaterThanOrEqual(label.speechEndMs! + 700);
    expect(decision.atMs).toBeLessThanOrEqual(label.speechEndMs! + 1000);
  });

  it('decides a "Hello?" within 2.5 s of the answer', () => {
    const hellos = clips("human").filter((label) => label.text === "Hello?");
    expect(hellos.length).toBeGreaterThanOrEqual(2);
    for (const label of hellos) expect(decide(label).atMs, label.file).toBeLessThanOrEqual(2500);
  });

  it.each(clips("late-human"))("$file: a late answer is still a person", (label) => {
    const decision = decide(label);
    expect(decision).toMatchObject({ verdict: "human", cause: "human" });
    expect(decision.atMs).toBeGreaterThan(label.speechEndMs!);
    // app_amd calls the same clip a machine: its initial silence (2500 ms) ran out.
    expect(decide(label, APP_AMD_SETTINGS)).toMatchObject({
      verdict: "machine",
      cause: "initial-silence",
      atMs: 2500,
    });
  });

  it.each([...clips("machine"), ...clips("machine-no-beep")])(
    "$file: a machine, long before its greeting ends",
    (label) => {
      const decision = decide(label);
      expect(decision.verdict).toBe("machine");
      expect(["long-greeting", "max-words"]).toContain(decision.cause);
      expect(decision.atMs).toBeLessThan(label.speechStartMs! + 3000);
      expect(decision.atMs).toBeLessThan(label.speechEndMs!);
    },
  );

  it.each(clips("fax"))("$file: a fax's calling tone is a machine (fax)", (label) => {
    const decision = decide(label);
    expect(decision).toMatchObject({ verdict: "machine", cause: "fax" });
    // Confirmed once the tone has held 200 ms, well inside the half-second CNG burst.
    expect(decision.atMs).toBeGreaterThanOrEqual(label.toneStartMs! + 200);
    expect(decision.atMs).toBeLessThanOrEqual(label.toneStartMs! + 300);
    // app_amd hears the burst as a word and the silence after it as a person waiting.
    expect(decide(label, APP_AMD_SETTINGS).verdict).toBe("human");
  });

  it.each(clips("silence"))("$file: a line that stays silent is unknown", (label) => {
    expect(decide(label)).toMatchObject({ verdict: "unknown", cause: "silence", atMs: 5000 });
    expect(decide(label, APP_AMD_SETTINGS)).toMatchObject({
      verdict: "machine",
      cause: "initial-silence",
    });
  });

  it("decides the same whatever the size of the blocks it is fed", () => {
    for (const label of clipLabels) {
      const reference = decide(label);
      for (const block of [1, 37, 160, 1_000_000])
        expect(decide(label, undefined, block)).toEqual(reference);
    }
  });

  it("follows its settings: a shorter after-greeting silence decides sooner", () => {
    const [label] = clips("human");
    const usual = decide(label);
    const quick = decide(label, amdSettings({ afterGreetingSilenceMs: 400 }));
    expect(quick.verdict).toBe("human");
    expect(usual.atMs - quick.atMs).toBe(400);
  });

  it("keeps its decision once made", () => {
    const [label] = clips("human");
    const { rate, samples } = readClip(label.file);
    const detector = createAmdDetector(rate);
    const decisions = feed(samples, detector.push);
    const first = decisions.findIndex((decision) => decision !== null);
    expect(first).toBeGreaterThan(0);
    for (const decision of decisions.slice(first)) expect(decision).toBe(decisions[first]);
  });
});

// Synthetic calls at 48 kHz: bursts of noise stand in for words.
const RATE = 48_000;

function seededNoise(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

type Segment = { ms: number; amplitude: number };

/** Words (noise bursts of `amplitude`) and silences, over a background of `floor`. */
function synthesize(segments: Segment[], floor = 0, seed = 1): Float32Array {
  const noise = seededNoise(seed);
  const total = segments.reduce((sum, s) => sum + s.ms, 0);
  const out = new Float32Array(Math.round((total * RATE) / 1000));
  let at = 0;
  for (const segment of segments) {
    const n = Math.round((segment.ms * RATE) / 1000);
    for (let i = 0; i < n; i++) out[at + i] = 2 * segment.amplitude * noise() + 2 * floor * noise();
    at += n;
  }
  return out;
}

const word = (ms: number, amplitude = 0.2): Segment => ({ ms, amplitude });
const pause = (ms: number): Segment => ({ ms, amplitude: 0 });

function run(samples: Float32Array, settings?: AmdSettings): AmdDecision | null {
  const detector: AmdDetector = createAmdDetector(RATE, settings);
  feed(samples, detector.push);
  return detector.decision;
}

describe("AMD on synthetic calls at 48 kHz", () => {
  it("a short answer then silence is a person, 800 ms after the word", () => {
    const decision = run(synthesize([pause(300), word(400), pause(2000)]));
    expect(decision).toMatchObject({ verdict: "human", cause: "human", words: 1 });
    expect(decision!.atMs).toBeGreaterThanOrEqual(1500);
    expect(decision!.atMs).toBeLessThanOrEqual(1520);
  });

  it("1.5 s of voice since the greeting started is a machine (long greeting)", () => {
    const decision = run(synthesize([pause(200), word(1000), pause(100), word(1000), pause(500)]));
    expect(decision).toMatchObject({ verdict: "machine", cause: "long-greeting" });
    expect(decision!.voiceMs).toBeGreaterThanOrEqual(1500);
    expect(decision!.atMs).toBeLessThanOrEqual(1800);
  });

  it("four short words in a row are a machine (max words)", () => {
    const words = [word(150), pause(120), word(150), pause(120), word(150), pause(120), word(150)];
    expect(run(synthesize([pause(200), ...words, pause(1000)]))).toMatchObject({
      verdict: "machine",
      cause: "max-words",
      words: 4,
    });
    // Three are still a person's answer; at app_amd's three words, not.
    const three = synthesize([pause(200), ...words.slice(0, 5), pause(1000)]);
    expect(run(three)).toMatchObject({ verdict: "human", words: 3 });
    expect(run(three, APP_AMD_SETTINGS)).toMatchObject({ verdict: "machine", cause: "max-words" });
  });

  it("a pause under 80 ms does not split a word, a longer one does", () => {
    const split = (gap: number) =>
      run(synthesize([pause(200), word(150), pause(gap), word(150), pause(1000)]))!.words;
    expect(split(60)).toBe(1);
    expect(split(120)).toBe(2);
  });

  it("hears a person over background noise that app_amd takes for a voice", () => {
    // Noise at a mean level of about 330 on a 16-bit scale, above the fixed threshold of 256.
    const call = synthesize([pause(500), word(500, 0.15), pause(2000)], 0.02);
    expect(run(call)).toMatchObject({ verdict: "human", cause: "human" });
    expect(run(call, APP_AMD_SETTINGS)).toMatchObject({ verdict: "machine" });
  });

  it("gives up as unknown after the total analysis time", () => {
    // Words and pauses that never add up to a decision: 90 ms bursts are not words.
    const chatter = Array.from({ length: 60 }, (_, i) => (i % 2 ? pause(100) : word(90)));
    expect(run(synthesize(chatter))).toMatchObject({ verdict: "unknown", atMs: 5000 });
  });

  it("a steady tone before any word is a fax at 1100 Hz, a machine's beep otherwise", () => {
    // 300 ms of silence, then half a second of tone (a sound there from the first frame would
    // be taken for the line's noise floor).
    const tone = (hz: number) => {
      const out = new Float32Array(2 * RATE);
      const start = 0.3 * RATE;
      for (let i = 0; i < RATE * 0.5; i++) {
        out[start + i] = 0.3 * Math.sin((2 * Math.PI * hz * i) / RATE);
      }
      return out;
    };
    expect(run(tone(1100))).toMatchObject({ verdict: "machine", cause: "fax", atMs: 500 });
    expect(run(tone(1000))).toMatchObject({ verdict: "machine", cause: "tone" });
    expect(run(tone(1100), amdSettings({ detectTones: false }))!.verdict).toBe("human");
  });
});
