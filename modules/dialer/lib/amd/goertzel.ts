/**
 * A bank of Goertzel filters across a band: for each frame, which frequency holds the largest
 * share of the frame's energy. A pure tone puts about all of it in one filter; speech and
 * noise spread it over many. Pure, no Web Audio.
 */

export type ToneEstimate = { hz: number; share: number };

export type FilterBank = {
  /** The strongest filter in `frame`, its share of the frame's energy (0..~1). */
  strongest: (frame: Float32Array) => ToneEstimate;
};

/** Filters every `stepHz` from `minHz` to `maxHz` for frames at `sampleRate`. */
export function createFilterBank(
  sampleRate: number,
  minHz: number,
  maxHz: number,
  stepHz: number,
): FilterBank {
  const frequencies: number[] = [];
  for (let hz = minHz; hz <= maxHz; hz += stepHz) frequencies.push(hz);
  const coefficients = frequencies.map((hz) => 2 * Math.cos((2 * Math.PI * hz) / sampleRate));
  return {
    strongest(frame) {
      let energy = 0;
      for (let i = 0; i < frame.length; i++) energy += frame[i] * frame[i];
      let best: ToneEstimate = { hz: 0, share: 0 };
      if (energy === 0) return best;
      for (let k = 0; k < coefficients.length; k++) {
        // 2|X(f)|^2 / (N * sum x^2) is 1 for a whole number of cycles of a pure sine.
        const share = (2 * filterPower(frame, coefficients[k])) / (frame.length * energy);
        if (share > best.share) best = { hz: frequencies[k], share };
      }
      return best;
    },
  };
}

/** |X(f)|^2 by the Goertzel recurrence, for the filter's coefficient 2cos(2*pi*f/rate). */
function filterPower(frame: Float32Array, coefficient: number): number {
  let previous = 0;
  let beforePrevious = 0;
  for (let i = 0; i < frame.length; i++) {
    const next = frame[i] + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = next;
  }
  return (
    previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
  );
}
