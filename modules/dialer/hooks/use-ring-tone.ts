"use client";

import { useEffect } from "react";
import { useStoredValue } from "@/lib/client/storage";
import { dialerSoundsKey } from "@/modules/dialer/lib/storage-keys";

/** The ring cadence: 2 s of 440 + 480 Hz, 4 s of silence (the North American ring). */
const RING_ON_S = 2;
const RING_PERIOD_S = 6;
const RING_GAIN = 0.08;

/**
 * Rings while `ringing` (an incoming call), through Web Audio, unless the rep turned Dialer
 * Sounds off. The page has had the rep's clicks by then, so the browser lets it sound.
 */
export function useRingTone(ringing: boolean) {
  const [soundsEnabled] = useStoredValue(dialerSoundsKey);
  useEffect(() => {
    if (!ringing || !soundsEnabled || typeof AudioContext !== "function") return;
    const context = new AudioContext();
    const gain = context.createGain();
    gain.gain.value = 0;
    gain.connect(context.destination);
    const oscillators = [440, 480].map((frequency) => {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start();
      return oscillator;
    });
    // Schedule a minute of cadence; an unanswered call stops ringing long before.
    for (let start = 0; start < 60; start += RING_PERIOD_S) {
      gain.gain.setValueAtTime(RING_GAIN, context.currentTime + start);
      gain.gain.setValueAtTime(0, context.currentTime + start + RING_ON_S);
    }
    return () => {
      oscillators.forEach((oscillator) => oscillator.stop());
      void context.close();
    };
  }, [ringing, soundsEnabled]);
}
