import "client-only";
import { useCallback, useEffect, useState } from "react";
import { useStoredValue } from "@/lib/client/storage";
import { dialerSoundsKey } from "@/modules/dialer/lib/storage-keys";
import { isKeypadKey } from "@/modules/dialer/lib/digits";
import { createTonePlayer } from "@/modules/dialer/lib/tone-player";

/** The Dialer Sounds preference (on by default, remembered) and a `play(key)` that honours it. */
export function useTonePlayer() {
  const [player] = useState(() => createTonePlayer());
  // Server render and hydration see the default (on); the stored choice follows at once.
  const [soundsEnabled, setSounds] = useStoredValue(dialerSoundsKey);

  useEffect(() => () => player.dispose(), [player]);

  const setSoundsEnabled = useCallback(
    (on: boolean) => {
      // Storage full or blocked: the choice is not remembered (the storage module reports it).
      setSounds(on);
    },
    [setSounds],
  );

  const play = useCallback(
    (key: string) => {
      if (soundsEnabled && isKeypadKey(key)) player.play(key);
    },
    [player, soundsEnabled],
  );

  return { soundsEnabled, setSoundsEnabled, play };
}
