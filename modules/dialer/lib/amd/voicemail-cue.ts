/**
 * When to start the voicemail on a line the detector called a machine: at the end of its beep,
 * or, for a machine that gives none, once its greeting is followed by `noBeepSilenceMs` of
 * silence. Fed the same audio as the detector, from the answer on, so that a beep the detector
 * decided on (cause "tone") is already under way here. Pure, no Web Audio.
 *
 * The silence wait is longer than the detector's after-greeting silence (800 ms): a machine
 * often pauses a second before its beep, and a message started in that pause loses its first
 * words under the beep. A continuous tone (a fax, a line test) never ends and is never followed
 * by silence, so it gives no cue: the caller gives up after a while (on-call.ts).
 */
import { createBeepDetector } from "@/modules/dialer/lib/amd/beep";
import { createFramer, meanAbsLevel, samplesPerFrame } from "@/modules/dialer/lib/amd/frames";
import { createNoiseFloor } from "@/modules/dialer/lib/amd/noise-floor";
import { DEFAULT_AMD_SETTINGS, type AmdSettings } from "@/modules/dialer/lib/amd/settings";

/** Silence after the last voice (no beep heard) before the message starts, ms. */
export const NO_BEEP_SILENCE_MS = 2000;

export type VoicemailCue = { reason: "beep" | "silence"; atMs: number };

export type VoicemailCueDetector = {
  /** Feeds samples (-1..1) from the answer on; returns the cue once there is one. */
  push: (samples: Float32Array) => VoicemailCue | null;
};

export function createVoicemailCue(
  sampleRate: number,
  settings: AmdSettings = DEFAULT_AMD_SETTINGS,
  noBeepSilenceMs = NO_BEEP_SILENCE_MS,
): VoicemailCueDetector {
  const beeps = createBeepDetector(sampleRate, settings.beep);
  const frameSamples = samplesPerFrame(sampleRate, settings.frameMs);
  const frameMs = (frameSamples * 1000) / sampleRate;
  const floor = createNoiseFloor(settings.noiseFloorRiseDbPerS, frameMs);
  let heardVoice = false;
  let silenceMs = 0;
  let cue: VoicemailCue | null = null;

  const framer = createFramer(frameSamples, (frame) => {
    if (cue) return;
    const level = meanAbsLevel(frame);
    const threshold = Math.max(
      settings.silenceThreshold,
      floor.update(level) * settings.noiseMargin,
    );
    if (level >= threshold) {
      heardVoice = true;
      silenceMs = 0;
      return;
    }
    silenceMs += frameMs;
    if (heardVoice && silenceMs >= noBeepSilenceMs) {
      cue = { reason: "silence", atMs: framer.count * frameMs };
    }
  });

  return {
    push(samples) {
      if (cue) return cue;
      // The beep first: its end is the better cue, and it comes before the silence that follows.
      for (const event of beeps.push(samples)) {
        if (event.type === "ended" && event.tone.endedAtMs !== null) {
          cue = { reason: "beep", atMs: event.tone.endedAtMs };
          return cue;
        }
      }
      framer.push(samples);
      return cue;
    },
  };
}
