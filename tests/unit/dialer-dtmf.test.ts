import { describe, expect, it, vi } from "vitest";
import { dtmfFrequencies } from "@/modules/dialer/lib/dtmf";
import { KEYPAD_KEYS } from "@/modules/dialer/lib/digits";
import { createTonePlayer } from "@/modules/dialer/lib/tone-player";
import { clampPosition, clearOfPanel, defaultPosition } from "@/modules/dialer/lib/position";

describe("DTMF keypad frequencies", () => {
  const table: Record<string, [number, number]> = {
    "1": [697, 1209],
    "2": [697, 1336],
    "3": [697, 1477],
    "4": [770, 1209],
    "5": [770, 1336],
    "6": [770, 1477],
    "7": [852, 1209],
    "8": [852, 1336],
    "9": [852, 1477],
    "*": [941, 1209],
    "0": [941, 1336],
    "#": [941, 1477],
  };
  it.each(Object.entries(table))("key %s is %j Hz", (key, pair) => {
    expect(dtmfFrequencies(key as (typeof KEYPAD_KEYS)[number])).toEqual(pair);
  });
  it("covers all twelve keys", () => {
    expect([...KEYPAD_KEYS].sort()).toEqual(Object.keys(table).sort());
  });
});

describe("tone player", () => {
  function fakeAudio() {
    const oscillators: { frequency: number; start: number; stop: number }[] = [];
    const gains: number[] = [];
    let created = 0;
    class FakeContext {
      currentTime = 2;
      state = "running";
      destination = {};
      constructor() {
        created++;
      }
      createGain() {
        return {
          gain: { setValueAtTime: (v: number) => gains.push(v) },
          connect() {},
          disconnect() {},
        };
      }
      createOscillator() {
        const o = { frequency: 0, start: 0, stop: 0 };
        oscillators.push(o);
        return {
          type: "",
          frequency: { setValueAtTime: (f: number) => (o.frequency = f) },
          connect() {},
          disconnect() {},
          start: (t: number) => (o.start = t),
          stop: (t: number) => (o.stop = t),
          onended: null,
        };
      }
      resume() {}
      close() {}
    }
    return {
      Ctor: FakeContext as unknown as new () => AudioContext,
      oscillators,
      gains,
      created: () => created,
    };
  }

  it("creates the context lazily and plays both frequencies for 150 ms at gain 0.2", () => {
    vi.useFakeTimers();
    const audio = fakeAudio();
    const player = createTonePlayer(() => audio.Ctor);
    expect(audio.created()).toBe(0);
    player.play("5");
    player.play("#");
    expect(audio.created()).toBe(1);
    expect(audio.gains).toEqual([0.2, 0.2]);
    expect(audio.oscillators.map((o) => o.frequency)).toEqual([770, 1336, 941, 1477]);
    for (const o of audio.oscillators) expect(o.stop - o.start).toBeCloseTo(0.15);
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("stays silent where Web Audio is missing", () => {
    expect(() => createTonePlayer(() => undefined).play("1")).not.toThrow();
  });
});

describe("widget position", () => {
  const viewport = { width: 1000, height: 800 };
  const size = { width: 300, height: 400 };
  it("clamps into the viewport", () => {
    expect(clampPosition({ x: 900, y: -50 }, size, viewport)).toEqual({ x: 692, y: 8 });
    expect(clampPosition({ x: -10, y: 700 }, size, viewport)).toEqual({ x: 8, y: 392 });
    expect(clampPosition({ x: 50, y: 50 }, { width: 2000, height: 2000 }, viewport)).toEqual({
      x: 8,
      y: 8,
    });
  });
  it("starts in the bottom corner on the reading-end side", () => {
    expect(defaultPosition(size, viewport, false)).toEqual({ x: 676, y: 376 });
    expect(defaultPosition(size, viewport, true)).toEqual({ x: 24, y: 376 });
  });
  it("moves beside a panel at the inline end instead of covering it, and only then", () => {
    // A 448 px drawer on the right leaves 552 px: the window's right edge ends 8 px before it.
    expect(clearOfPanel({ x: 676, y: 376 }, size, viewport, 448, false)).toEqual({
      x: 244,
      y: 376,
    });
    expect(clearOfPanel({ x: 100, y: 50 }, size, viewport, 448, false)).toEqual({ x: 100, y: 50 });
    // Right to left: the drawer is on the left, the window moves to its right.
    expect(clearOfPanel({ x: 24, y: 376 }, size, viewport, 448, true)).toEqual({ x: 456, y: 376 });
    expect(clearOfPanel({ x: 600, y: 376 }, size, viewport, 448, true)).toEqual({ x: 600, y: 376 });
    // Too narrow for both: as far from the panel as the viewport allows.
    expect(clearOfPanel({ x: 300, y: 0 }, size, { width: 600, height: 800 }, 448, false)).toEqual({
      x: 8,
      y: 0,
    });
    expect(clearOfPanel({ x: 8, y: 0 }, size, { width: 600, height: 800 }, 448, true)).toEqual({
      x: 292,
      y: 0,
    });
    expect(clearOfPanel({ x: 676, y: 376 }, size, viewport, 0, false)).toEqual({ x: 676, y: 376 });
  });
});
