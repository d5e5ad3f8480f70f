/**
 * The answering-machine detector's parameters and their defaults, in one object so that a
 * settings screen can change them later. Pure data, safe in an AudioWorklet.
 *
 * The first group is Asterisk's app_amd (apps/app_amd.c and amd.conf.sample), with its names
 * and its defaults; the detector reads them as app_amd does (detector.ts says where it departs).
 * The rest is ours: the noise floor that the silence threshold rises with, and the tone (beep,
 * fax) detector, which app_amd does not have.
 */

export type BeepSettings = {
  /** The band a voicemail beep is looked for in, Hz. */
  minHz: number;
  maxHz: number;
  /** Spacing of the Goertzel filters across the band, Hz (half a 20 ms frame's resolution). */
  stepHz: number;
  /** Analysis frame, ms: 20 ms resolves 50 Hz, enough to tell a tone from speech. */
  frameMs: number;
  /** How long a tone must hold to count as a beep, ms. */
  minToneMs: number;
  /** Share of a frame's energy the strongest filter must hold (a pure tone holds about 1). */
  minToneShare: number;
  /** How far the tone's frequency may move from frame to frame and stay the same tone, Hz. */
  maxDriftHz: number;
  /** Quieter frames are not a tone, mean absolute amplitude on a 16-bit scale. */
  minLevel: number;
  /** Frames without the tone that end it (one lost or noisy frame does not split a beep). */
  endFrames: number;
};

export type AmdSettings = {
  /** app_amd initialSilence: the longest silence before the greeting, ms. */
  initialSilenceMs: number;
  /**
   * What a longer initial silence means. app_amd says MACHINE; our default keeps listening until
   * totalAnalysisMs and calls a line that never spoke "unknown" (detector.ts says why).
   */
  onInitialSilence: "machine" | "keep-listening";
  /** app_amd greeting: the longest greeting a person gives, ms of voice. */
  greetingMs: number;
  /** app_amd afterGreetingSilence: the silence after a greeting that says a person is waiting. */
  afterGreetingSilenceMs: number;
  /** app_amd totalAnalysisTime: the longest the detector listens before it says "unknown". */
  totalAnalysisMs: number;
  /** app_amd minimumWordLength: the shortest voice that counts as a word, ms. */
  minimumWordMs: number;
  /** app_amd betweenWordsSilence: the silence that ends a word, ms. */
  betweenWordsSilenceMs: number;
  /** app_amd maximumNumberOfWords: more words than a person says on answering. */
  maximumWords: number;
  /** app_amd maximumWordLength: a single word this long is a machine, ms (5000: off). */
  maximumWordMs: number;
  /** app_amd silenceThreshold: frames quieter than this mean absolute amplitude (16-bit) are silence. */
  silenceThreshold: number;
  /** Analysis frame, ms (Asterisk hands app_amd 20 ms frames; 10 ms halves the timing error). */
  frameMs: number;
  /**
   * Not app_amd: the silence threshold also stays this many times above the line's noise floor
   * (1.8 = 5 dB), so background noise above the fixed threshold is not taken for a voice.
   */
  noiseMargin: number;
  /** How fast the tracked noise floor may rise, dB a second (it falls at once). */
  noiseFloorRiseDbPerS: number;
  /** Not app_amd: a steady tone before the decision is a machine (beep) or a fax. */
  detectTones: boolean;
  /** A steady tone near this frequency before any word is a fax calling (CNG, ITU-T T.30). */
  faxHz: number;
  faxToleranceHz: number;
  beep: BeepSettings;
};

export const DEFAULT_AMD_SETTINGS: AmdSettings = {
  initialSilenceMs: 2500,
  onInitialSilence: "keep-listening",
  greetingMs: 1500,
  afterGreetingSilenceMs: 800,
  totalAnalysisMs: 5000,
  minimumWordMs: 100,
  // app_amd: 50. A stop consonant's closure ("Sam spea-king", "Ac-me") is often 50-80 ms, so at
  // 50 ms a two-word "Sam speaking" counted three words, a machine's MAXWORDS.
  betweenWordsSilenceMs: 80,
  // app_amd: 3. With 3, a short answer heard as three words ("Hello, Ac-me", "Hi, this is Sam")
  // was a machine; machines are still caught by their long greeting.
  maximumWords: 4,
  maximumWordMs: 5000,
  silenceThreshold: 256,
  frameMs: 10,
  noiseMargin: 1.8,
  noiseFloorRiseDbPerS: 3,
  detectTones: true,
  faxHz: 1100,
  // T.30 allows CNG at 1100 Hz ± 38 Hz.
  faxToleranceHz: 38,
  beep: {
    minHz: 350,
    maxHz: 2000,
    stepHz: 25,
    frameMs: 20,
    minToneMs: 200,
    minToneShare: 0.7,
    maxDriftHz: 50,
    minLevel: 256,
    endFrames: 2,
  },
};

/** Defaults with some values replaced (the beep group may be replaced in part). */
export function amdSettings(
  overrides: Partial<Omit<AmdSettings, "beep">> & { beep?: Partial<BeepSettings> } = {},
): AmdSettings {
  return {
    ...DEFAULT_AMD_SETTINGS,
    ...overrides,
    beep: { ...DEFAULT_AMD_SETTINGS.beep, ...overrides.beep },
  };
}

/**
 * app_amd as it is, for comparison: its defaults, a fixed silence threshold, no tones, initial
 * silence a machine.
 */
export const APP_AMD_SETTINGS: AmdSettings = amdSettings({
  betweenWordsSilenceMs: 50,
  maximumWords: 3,
  onInitialSilence: "machine",
  noiseMargin: 0,
  detectTones: false,
});
