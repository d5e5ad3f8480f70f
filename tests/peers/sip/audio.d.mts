// Types for audio.mjs.
export const sampleRate: number;
export const frameSamples: number;
export function linearToMulaw(sample: number): number;
export function mulawToLinear(byte: number): number;
export function createToneSource(
  hz: number | null,
  amplitude?: number,
): {
  hz: number | null;
  nextFrame(): Buffer;
};
export function decodePcmu(payload: Buffer): Int16Array;
export function classifyFrame(
  samples: ArrayLike<number> & Iterable<number>,
  detectHz: number[],
  options?: { silenceRms?: number; toneShare?: number },
): { label: "tone" | "silence" | "noise"; hz?: number; rms: number };
