"use client";

import { useEffect } from "react";
import type { Place } from "@/modules/places/lib/schemas";
import { setPowerDialPresence } from "@/modules/floor/client/power-dial-presence";
import { PowerDial } from "./power-dial";
import { usePowerDialSession } from "@/modules/power-dial/hooks/use-power-dial-session";

/**
 * Power dialing on the Targets results with its session: the screen loads this with the
 * results' code (modules/targets/components/targets-runtime.ts), since it only shows once there are
 * results; the screen opens the drawer on each business the session reaches.
 */
export function PowerDialHost({
  places,
  onOpenPlace,
  onClosePlace,
}: {
  places: readonly Place[];
  onOpenPlace: (place: Place) => void;
  onClosePlace: () => void;
}) {
  const power = usePowerDialSession({ onOpenPlace, onClosePlace });
  // The managers' live floor shows a running session and its round's lines.
  const running = power.session !== null;
  const lines = power.round ? power.round.lines().length : null;
  useEffect(() => {
    setPowerDialPresence(running ? { lines } : null);
  }, [running, lines]);
  useEffect(() => () => setPowerDialPresence(null), []);
  return <PowerDial places={places} power={power} />;
}
