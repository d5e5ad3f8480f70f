/**
 * Cuts a stream of PCM blocks of any length (an AudioWorklet gets 128 samples at a time, a test
 * a whole file) into fixed analysis frames, and measures a frame's level the way Asterisk's
 * silence detector does. Pure, no Web Audio.
 */

/** Float samples (-1..1) to the 16-bit scale app_amd's thresholds are written for. */
export const INT16_SCALE = 32768;

export type Framer = {
  push: (samples: Float32Array) => void;
  /** Frames completed so far. */
  readonly count: number;
};

/** Calls `onFrame` with each full frame of `frameSamples`; the frame's array is reused. */
export function createFramer(frameSamples: number, onFrame: (frame: Float32Array) => void): Framer {
  const frame = new Float32Array(frameSamples);
  let filled = 0;
  let count = 0;
  return {
    push(samples) {
      let offset = 0;
      while (offset < samples.length) {
        const take = Math.min(frameSamples - filled, samples.length - offset);
        frame.set(samples.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === frameSamples) {
          filled = 0;
          count++;
          onFrame(frame);
        }
      }
    },
    get count() {
      return count;
    },
  };
}

/** Samples in a frame of `frameMs` at `sampleRate` (at least one). */
export function samplesPerFrame(sampleRate: number, frameMs: number): number {
  return Math.max(1, Math.round((sampleRate * frameMs) / 1000));
}

/**
 * Mean absolute amplitude on the 16-bit scale: what Asterisk's ast_dsp_silence compares with
 * the silence threshold (not the RMS, which reads about 1 dB higher on speech).
 */
export function meanAbsLevel(frame: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += Math.abs(frame[i]);
  return (sum / frame.length) * INT16_SCALE;
}
