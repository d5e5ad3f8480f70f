/**
 * The line's noise floor: the quietest recent frame level. It falls at once to a quieter frame
 * and rises slowly (a few dB a second), so speech, which has pauses, never lifts it far, while a
 * louder background is followed within seconds. It starts at the first frame's level: a call
 * answered with a steady sound already there (a tone, a hum) reads that sound as its noise,
 * which is what the leading silence of a real answer avoids. Pure.
 */

export type NoiseFloor = {
  /** Takes one frame's level; returns the floor after it. */
  update: (level: number) => number;
};

export function createNoiseFloor(riseDbPerS: number, frameMs: number): NoiseFloor {
  const risePerFrame = 10 ** ((riseDbPerS * frameMs) / 1000 / 20);
  let floor = Infinity;
  return {
    update(level) {
      // Never below one step of 16-bit audio: from digital silence (0) it could not rise at all.
      floor = Math.max(1, Math.min(level, floor * risePerFrame));
      return floor;
    },
  };
}
