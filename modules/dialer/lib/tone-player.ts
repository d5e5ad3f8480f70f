import type { KeypadKey } from "@/modules/dialer/lib/digits";
import { dtmfFrequencies } from "@/modules/dialer/lib/dtmf";
import { TONE_DURATION_MS, TONE_GAIN } from "@/modules/dialer/lib/timings";

export interface TonePlayer {
  play(key: KeypadKey): void;
  dispose(): void;
}

type AudioContextCtor = new () => AudioContext;

/**
 * Plays DTMF through Web Audio: two sine oscillators into one gain node. The AudioContext is
 * created on the first `play`, which runs inside a user gesture, so autoplay rules allow it.
 */
export function createTonePlayer(
  getCtor: () => AudioContextCtor | undefined = () =>
    typeof window === "undefined"
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext),
): TonePlayer {
  let context: AudioContext | null = null;

  return {
    play(key) {
      if (!context) {
        const Ctor = getCtor();
        if (!Ctor) return;
        context = new Ctor();
      }
      if (context.state === "suspended") void context.resume();
      const start = context.currentTime;
      const stop = start + TONE_DURATION_MS / 1000;
      const gain = context.createGain();
      gain.gain.setValueAtTime(TONE_GAIN, start);
      gain.connect(context.destination);
      for (const frequency of dtmfFrequencies(key)) {
        const oscillator = context.createOscillator();
        oscillator.type = "sine";
        oscillator.frequency.setValueAtTime(frequency, start);
        oscillator.connect(gain);
        oscillator.start(start);
        oscillator.stop(stop);
        oscillator.onended = () => oscillator.disconnect();
      }
      globalThis.setTimeout(() => gain.disconnect(), TONE_DURATION_MS + 50);
    },
    dispose() {
      void context?.close();
      context = null;
    },
  };
}
