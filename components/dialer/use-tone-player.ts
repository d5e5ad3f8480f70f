"use client";

import { useCallback, useEffect, useState } from "react";
import { createTonePlayer, isKeypadKey } from "@/lib/dialer";

const SOUNDS_KEY = "dialer.sounds";

/** The Dialer Sounds preference (on by default, remembered) and a `play(key)` that honours it. */
export function useTonePlayer() {
  const [player] = useState(() => createTonePlayer());
  const [soundsEnabled, setSoundsState] = useState(true);

  useEffect(() => {
    // Read after mount so server and client render the same markup first.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from localStorage
    if (window.localStorage.getItem(SOUNDS_KEY) === "off") setSoundsState(false);
    return () => player.dispose();
  }, [player]);

  const setSoundsEnabled = useCallback((on: boolean) => {
    setSoundsState(on);
    try {
      window.localStorage.setItem(SOUNDS_KEY, on ? "on" : "off");
    } catch {
      // storage full or blocked: the choice still holds for this page
    }
  }, []);

  const play = useCallback(
    (key: string) => {
      if (soundsEnabled && isKeypadKey(key)) player.play(key);
    },
    [player, soundsEnabled],
  );

  return { soundsEnabled, setSoundsEnabled, play };
}
