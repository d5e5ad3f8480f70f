/**
 * Streaming beep detector: a steady tone between 350 and 2000 Hz held for at least 200 ms, the
 * signal a voicemail gives when it starts recording. It reports the tone when it has held long
 * enough ("confirmed") and again when it stops ("ended"): the voicemail drop starts on the end,
 * so that its first words are not played over the beep and lost.
 *
 * Each 20 ms frame goes through a bank of Goertzel filters (goertzel.ts). A frame is a tone frame
 * when it is louder than the silence threshold and one filter holds most of its energy; tone
 * frames follow one another as one tone while the frequency stays within a filter or two. Speech
 * does not qualify: its energy spreads over harmonics and formants that move every few tens of
 * milliseconds. Pure, no Web Audio, so it can run in an AudioWorklet or in Node.
 */
import { createFramer, meanAbsLevel, samplesPerFrame } from "@/modules/dialer/lib/amd/frames";
import { createFilterBank } from "@/modules/dialer/lib/amd/goertzel";
import { DEFAULT_AMD_SETTINGS, type BeepSettings } from "@/modules/dialer/lib/amd/settings";

export type Tone = {
  /** Mean frequency over the tone's frames, Hz (within a filter step of the true one). */
  hz: number;
  /** From the start of the stream, ms: where the first tone frame begins. */
  startMs: number;
  /** When it had held `minToneMs`, ms. */
  confirmedAtMs: number;
  /** Where the last tone frame ends, ms; null while the tone goes on. */
  endMs: number | null;
  /** When the detector knew it had ended (endFrames later), ms; null while it goes on. */
  endedAtMs: number | null;
};

export type BeepEvent = { type: "confirmed"; tone: Tone } | { type: "ended"; tone: Tone };

export type BeepDetector = {
  /** Feeds samples (-1..1); returns what happened in them, in order. */
  push: (samples: Float32Array) => BeepEvent[];
  /** Every beep that has ended so far. */
  readonly beeps: readonly Tone[];
};

type Run = { startFrame: number; lastToneFrame: number; hzSum: number; frames: number; hz: number };

export function createBeepDetector(
  sampleRate: number,
  settings: BeepSettings = DEFAULT_AMD_SETTINGS.beep,
): BeepDetector {
  const bank = createFilterBank(sampleRate, settings.minHz, settings.maxHz, settings.stepHz);
  const frameSamples = samplesPerFrame(sampleRate, settings.frameMs);
  const frameMs = (frameSamples * 1000) / sampleRate;
  const minToneFrames = Math.ceil(settings.minToneMs / frameMs);
  const beeps: Tone[] = [];
  let run: Run | null = null;
  let confirmed: Tone | null = null;
  let events: BeepEvent[] = [];

  const toneHz = (frame: Float32Array): number | null => {
    if (meanAbsLevel(frame) < settings.minLevel) return null;
    const { hz, share } = bank.strongest(frame);
    return share >= settings.minToneShare ? hz : null;
  };

  const finish = (index: number) => {
    if (run && confirmed) {
      confirmed.endMs = (run.lastToneFrame + 1) * frameMs;
      confirmed.endedAtMs = (index + 1) * frameMs;
      beeps.push(confirmed);
      events.push({ type: "ended", tone: confirmed });
    }
    run = null;
    confirmed = null;
  };

  const framer = createFramer(frameSamples, (frame) => {
    const index = framer.count - 1;
    const hz = toneHz(frame);
    if (run && hz !== null && Math.abs(hz - run.hz) > settings.maxDriftHz) finish(index - 1);
    if (hz === null) {
      if (run && index - run.lastToneFrame >= settings.endFrames) finish(index);
      return;
    }
    if (!run) run = { startFrame: index, lastToneFrame: index, hzSum: 0, frames: 0, hz };
    run.lastToneFrame = index;
    run.hzSum += hz;
    run.frames++;
    run.hz = run.hzSum / run.frames;
    if (!confirmed && run.frames >= minToneFrames) {
      confirmed = {
        hz: Math.round(run.hz),
        startMs: run.startFrame * frameMs,
        confirmedAtMs: (index + 1) * frameMs,
        endMs: null,
        endedAtMs: null,
      };
      events.push({ type: "confirmed", tone: confirmed });
    }
    if (confirmed) confirmed.hz = Math.round(run.hz);
  });

  return {
    push(samples) {
      events = [];
      framer.push(samples);
      return events;
    },
    get beeps() {
      return beeps;
    },
  };
}
