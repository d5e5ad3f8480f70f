/**
 * Streaming answering-machine detector: fed the answered call's incoming audio, it says
 * "human", "machine" or "unknown", why, and when (ms from the answer). Pure, no DOM and no Web
 * Audio, so the same code runs in an AudioWorklet and in Node.
 *
 * Modelled on Asterisk's app_amd (apps/app_amd.c), with its parameters and defaults
 * (settings.ts). Each frame is voice or silence by its mean absolute amplitude against the
 * silence threshold (256 on 16-bit samples, as Asterisk's silence detector measures it). Voice
 * of at least minimumWordLength (100 ms) after at least betweenWordsSilence (app_amd 50 ms, ours
 * 80 ms) of silence is a word; the first word starts the greeting. Then, as app_amd decides:
 *   - silence of afterGreetingSilence (800 ms) after the greeting         -> HUMAN
 *   - voice adding up to greeting (1500 ms) since the greeting started   -> MACHINE (LONGGREETING)
 *   - maximumNumberOfWords (app_amd 3, ours 4) words                     -> MACHINE (MAXWORDS)
 *   - one word of maximumWordLength (5000 ms, so off by default)         -> MACHINE (MAXWORDLENGTH)
 *   - totalAnalysisTime (5000 ms) with none of these                     -> NOTSURE (TOOLONG),
 *                                                                           our "unknown"
 *
 * Where this departs from app_amd, and why:
 *   - Initial silence. app_amd calls silence longer than initialSilence (2500 ms) a MACHINE. We
 *     keep listening by default (onInitialSilence) and call a line that stays silent until
 *     totalAnalysisTime "unknown": a person who picks up and waits, or whose phone is slow to
 *     connect the audio, would otherwise get a recorded message and count as an abandoned call,
 *     the costliest mistake a dialer makes; a machine that says nothing has no greeting to skip.
 *     A late "Hello?" is then judged like any other, with the 2.5 s app_amd leaves a greeting
 *     that starts right at its initial-silence limit (analysisEndMs).
 *   - Noise. app_amd's threshold is fixed, so a line with background noise above it is all
 *     "voice" and every answer is a long greeting. Ours also stays noiseMargin (5 dB) above
 *     the line's noise floor, tracked as the quietest recent frame.
 *   - Tones. A steady tone held 200 ms before a decision (beep.ts) is a machine: near 1100 Hz a
 *     fax calling (cause "fax", so the caller can hang up rather than leave a voicemail),
 *     otherwise a beep after a very short greeting (cause "tone"). app_amd would count the tone as
 *     voice, and a fax's half-second CNG followed by silence as a HUMAN.
 *   - The first word. app_amd starts in its "in a word" state, so a voice present from the very
 *     first frame is not counted as a word; we start in silence and count it.
 *   - Words. Between-words silence 80 ms and at most 4 words rather than 50 ms and 3: at app_amd's
 *     values a stop consonant split words and short answers from people ("Sam speaking",
 *     "Hello, Acme") were counted as machines (settings.ts; docs/performance.md has the figures).
 *   - Frames of 10 ms rather than the 20 ms Asterisk hands app_amd: the decision time is known
 *     to 10 ms.
 */
import { createBeepDetector } from "@/modules/dialer/lib/amd/beep";
import { createFramer, meanAbsLevel, samplesPerFrame } from "@/modules/dialer/lib/amd/frames";
import { createNoiseFloor } from "@/modules/dialer/lib/amd/noise-floor";
import { DEFAULT_AMD_SETTINGS, type AmdSettings } from "@/modules/dialer/lib/amd/settings";

export type AmdVerdict = "human" | "machine" | "unknown";

/** Why: app_amd's AMDCAUSE in lower case, plus our own "fax", "tone" and "silence". */
export type AmdCause =
  | "human"
  | "long-greeting"
  | "max-words"
  | "max-word-length"
  | "initial-silence"
  | "too-long"
  | "silence"
  | "fax"
  | "tone";

export type AmdDecision = {
  verdict: AmdVerdict;
  cause: AmdCause;
  /** Ms of audio from the answer when the decision was made. */
  atMs: number;
  /** Words counted and voice heard until then, ms. */
  words: number;
  voiceMs: number;
};

export type AmdDetector = {
  /** Feeds samples (-1..1) from the answer on; returns the decision once there is one. */
  push: (samples: Float32Array) => AmdDecision | null;
  readonly decision: AmdDecision | null;
};

type Counts = {
  silenceMs: number;
  wordVoiceMs: number;
  voiceMs: number;
  words: number;
  inWord: boolean;
  inGreeting: boolean;
};

export function createAmdDetector(
  sampleRate: number,
  settings: AmdSettings = DEFAULT_AMD_SETTINGS,
): AmdDetector {
  const frameSamples = samplesPerFrame(sampleRate, settings.frameMs);
  const frameMs = (frameSamples * 1000) / sampleRate;
  const floor = createNoiseFloor(settings.noiseFloorRiseDbPerS, frameMs);
  const tones = createBeepDetector(sampleRate, settings.beep);
  const counts: Counts = {
    silenceMs: 0,
    wordVoiceMs: 0,
    voiceMs: 0,
    words: 0,
    inWord: false,
    inGreeting: false,
  };
  let decision: AmdDecision | null = null;
  let greetingStartMs: number | null = null;

  const decide = (verdict: AmdVerdict, cause: AmdCause, atMs: number) => {
    decision = { verdict, cause, atMs, words: counts.words, voiceMs: counts.voiceMs };
  };

  // The tone detector hears each frame before the level rules judge it, so that the two see
  // the stream in the same order whatever the size of the blocks pushed.
  const toneDecision = (frame: Float32Array) => {
    for (const event of tones.push(frame)) {
      if (event.type !== "confirmed") continue;
      const nearFax = Math.abs(event.tone.hz - settings.faxHz) <= settings.faxToleranceHz;
      // A fax calls before anyone speaks; after a word, a tone at 1100 Hz is a beep. (The tone's
      // own first frames count as a word for the level rules, hence the comparison of starts.)
      const spokeFirst = greetingStartMs !== null && greetingStartMs < event.tone.startMs;
      decide("machine", nearFax && !spokeFirst ? "fax" : "tone", event.tone.confirmedAtMs);
      return true;
    }
    return false;
  };

  const framer = createFramer(frameSamples, (frame) => {
    if (decision || (settings.detectTones && toneDecision(frame))) return;
    const atMs = framer.count * frameMs;
    const level = meanAbsLevel(frame);
    const threshold = Math.max(
      settings.silenceThreshold,
      floor.update(level) * settings.noiseMargin,
    );
    const outcome =
      level < threshold ? onSilence(counts, settings, frameMs) : onVoice(counts, settings, frameMs);
    if (counts.inGreeting && greetingStartMs === null) greetingStartMs = atMs - counts.wordVoiceMs;
    if (outcome) decide(outcome.verdict, outcome.cause, atMs);
    else if (atMs >= analysisEndMs(settings, greetingStartMs)) {
      decide("unknown", counts.inGreeting ? "too-long" : "silence", atMs);
    }
  });

  return {
    push(samples) {
      if (!decision) framer.push(samples);
      return decision;
    },
    get decision() {
      return decision;
    },
  };
}

/**
 * When the detector gives up. app_amd's totalAnalysisTime from the answer; but a greeting that
 * starts after the initial silence (a late answer, which we listen through) gets the time app_amd
 * leaves a greeting starting right at that limit: totalAnalysisTime - initialSilence (2.5 s).
 */
function analysisEndMs(settings: AmdSettings, greetingStartMs: number | null): number {
  const listenedThrough = settings.onInitialSilence === "keep-listening";
  if (
    !listenedThrough ||
    greetingStartMs === null ||
    greetingStartMs <= settings.initialSilenceMs
  ) {
    return settings.totalAnalysisMs;
  }
  const late = greetingStartMs + settings.totalAnalysisMs - settings.initialSilenceMs;
  return Math.max(settings.totalAnalysisMs, late);
}

type Outcome = { verdict: AmdVerdict; cause: AmdCause } | null;

/** A silent frame: ends a word after betweenWordsSilence; a long enough one decides. */
function onSilence(counts: Counts, settings: AmdSettings, frameMs: number): Outcome {
  counts.silenceMs += frameMs;
  if (counts.silenceMs >= settings.betweenWordsSilenceMs) {
    counts.inWord = false;
    counts.wordVoiceMs = 0;
  }
  if (counts.inGreeting && counts.silenceMs >= settings.afterGreetingSilenceMs) {
    return { verdict: "human", cause: "human" };
  }
  if (
    !counts.inGreeting &&
    settings.onInitialSilence === "machine" &&
    counts.silenceMs >= settings.initialSilenceMs
  ) {
    return { verdict: "machine", cause: "initial-silence" };
  }
  return null;
}

/** A voice frame: counts words and voice; too many or too much of either is a machine. */
function onVoice(counts: Counts, settings: AmdSettings, frameMs: number): Outcome {
  counts.silenceMs = 0;
  counts.wordVoiceMs += frameMs;
  counts.voiceMs += frameMs;
  if (counts.wordVoiceMs >= settings.minimumWordMs && !counts.inWord) {
    counts.words++;
    counts.inWord = true;
    counts.inGreeting = true;
  }
  if (counts.wordVoiceMs >= settings.maximumWordMs) {
    return { verdict: "machine", cause: "max-word-length" };
  }
  if (counts.words >= settings.maximumWords) return { verdict: "machine", cause: "max-words" };
  if (counts.inGreeting && counts.voiceMs >= settings.greetingMs) {
    return { verdict: "machine", cause: "long-greeting" };
  }
  return null;
}
