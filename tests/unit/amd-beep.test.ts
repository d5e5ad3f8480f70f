// The voicemail beep detector (modules/dialer/lib/amd/beep.ts) on the committed call clips
// (tests/fixtures/amd) and on synthetic tones at the browser's 48 kHz.
import { describe, expect, it } from "vitest";
import { createBeepDetector, type BeepEvent, type Tone } from "@/modules/dialer/lib/amd/beep";
import { amdSettings } from "@/modules/dialer/lib/amd/settings";
import { clipLabels, feed, readClip } from "@/tests/fixtures/amd/clips";

function beepsIn(rate: number, samples: Float32Array, block = 128): readonly Tone[] {
  const detector = createBeepDetector(rate);
  feed(samples, detector.push, block);
  return detector.beeps;
}

describe("beeps in the committed clips", () => {
  const withBeep = clipLabels.filter((label) => label.beepHz !== undefined);
  const withoutTone = clipLabels.filter((label) => !label.beepHz && label.kind !== "fax");

  it("has machines with beeps across the band", () => {
    expect(withBeep.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...withBeep.map((label) => label.beepHz!))).toBeLessThan(500);
    expect(Math.max(...withBeep.map((label) => label.beepHz!))).toBeGreaterThan(1500);
  });

  it.each(withBeep)(
    "$file: finds the one beep and its end, not a word of the greeting",
    (label) => {
      const { rate, samples } = readClip(label.file);
      const beeps = beepsIn(rate, samples);
      expect(beeps).toHaveLength(1);
      const [beep] = beeps;
      expect(Math.abs(beep.hz - label.beepHz!)).toBeLessThanOrEqual(25);
      expect(Math.abs(beep.startMs - label.beepStartMs!)).toBeLessThanOrEqual(40);
      // Confirmed once it has held 200 ms (within a 20 ms frame of that).
      expect(beep.confirmedAtMs).toBeGreaterThanOrEqual(label.beepStartMs! + 200);
      expect(beep.confirmedAtMs).toBeLessThanOrEqual(label.beepStartMs! + 240);
      expect(Math.abs(beep.endMs! - label.beepEndMs!)).toBeLessThanOrEqual(40);
      // The voicemail may start this soon after the beep has ended (the target is 500 ms).
      expect(beep.endedAtMs! - label.beepEndMs!).toBeGreaterThanOrEqual(0);
      expect(beep.endedAtMs! - label.beepEndMs!).toBeLessThanOrEqual(100);
    },
  );

  it.each(withoutTone)("$file: no beep in speech, silence or noise", (label) => {
    const { rate, samples } = readClip(label.file);
    expect(beepsIn(rate, samples)).toEqual([]);
  });
});

// Synthetic tones at 48 kHz.
const RATE = 48_000;

/** `parts` of [ms, hz (0 = silence)], each a sine of `amplitude`, over optional white noise. */
function signal(parts: [number, number][], amplitude = 0.2, noise = 0): Float32Array {
  const total = parts.reduce((sum, [ms]) => sum + ms, 0);
  const out = new Float32Array(Math.round((total * RATE) / 1000));
  let seed = 7;
  let at = 0;
  for (const [ms, hz] of parts) {
    const n = Math.round((ms * RATE) / 1000);
    for (let i = 0; i < n; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const hiss = noise * 2 * (seed / 2 ** 32 - 0.5);
      out[at + i] = (hz ? amplitude * Math.sin((2 * Math.PI * hz * i) / RATE) : 0) + hiss;
    }
    at += n;
  }
  return out;
}

describe("beep detector on synthetic tones at 48 kHz", () => {
  it.each([350, 440, 1000, 1400, 2000])("finds a 250 ms tone at %i Hz", (hz) => {
    const beeps = beepsIn(
      RATE,
      signal([
        [300, 0],
        [250, hz],
        [300, 0],
      ]),
    );
    expect(beeps).toHaveLength(1);
    expect(Math.abs(beeps[0].hz - hz)).toBeLessThanOrEqual(25);
    // To a 20 ms frame: a frame less than half filled with the tone is not a tone frame.
    expect(Math.abs(beeps[0].startMs - 300)).toBeLessThanOrEqual(20);
    expect(Math.abs(beeps[0].endMs! - 550)).toBeLessThanOrEqual(20);
  });

  it("ignores tones too short, or outside 350-2000 Hz", () => {
    expect(
      beepsIn(
        RATE,
        signal([
          [300, 0],
          [150, 1000],
          [300, 0],
        ]),
      ),
    ).toEqual([]);
    expect(
      beepsIn(
        RATE,
        signal([
          [300, 0],
          [400, 250],
          [300, 0],
        ]),
      ),
    ).toEqual([]);
    expect(
      beepsIn(
        RATE,
        signal([
          [300, 0],
          [400, 2600],
          [300, 0],
        ]),
      ),
    ).toEqual([]);
  });

  it("does not take a sweep for a steady tone", () => {
    const sweep = new Float32Array(RATE / 2);
    let phase = 0;
    for (let i = 0; i < sweep.length; i++) {
      const hz = 500 + (1500 * i) / sweep.length;
      phase += (2 * Math.PI * hz) / RATE;
      sweep[i] = 0.2 * Math.sin(phase);
    }
    expect(beepsIn(RATE, sweep)).toEqual([]);
  });

  it("finds a beep under noise 10 dB down, and two beeps as two", () => {
    const noisy = signal(
      [
        [300, 0],
        [300, 800],
        [300, 0],
      ],
      0.2,
      0.08,
    );
    expect(beepsIn(RATE, noisy)).toHaveLength(1);
    const two = beepsIn(
      RATE,
      signal([
        [200, 0],
        [300, 800],
        [200, 0],
        [300, 1200],
        [200, 0],
      ]),
    );
    expect(two.map((beep) => Math.round(beep.hz / 100) * 100)).toEqual([800, 1200]);
  });

  it("reports the beep as confirmed while it sounds, then as ended", () => {
    const detector = createBeepDetector(RATE);
    const events: BeepEvent[] = feed(
      signal([
        [300, 0],
        [400, 1000],
        [300, 0],
      ]),
      detector.push,
    ).flat();
    expect(events.map((event) => event.type)).toEqual(["confirmed", "ended"]);
    expect(events[0].tone.confirmedAtMs).toBe(500);
    expect(events[1].tone.endedAtMs! - 700).toBeLessThanOrEqual(60);
  });

  it("follows its settings: a 300 ms minimum skips a 250 ms tone", () => {
    const { beep } = amdSettings({ beep: { minToneMs: 300 } });
    const detector = createBeepDetector(RATE, beep);
    feed(
      signal([
        [300, 0],
        [250, 1000],
        [300, 0],
      ]),
      detector.push,
    );
    expect(detector.beeps).toEqual([]);
  });
});
