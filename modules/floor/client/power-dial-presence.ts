import "client-only";

// Whether a power-dial session runs in this tab, and its round's lines: the session lives on the
// Targets screen, the presence report in the shell, so the session tells this small store
// (modules/power-dial/components/power-dial-host.tsx) and the report reads it.

export type PowerDialPresence = { lines: number | null } | null;

let current: PowerDialPresence = null;
const listeners = new Set<() => void>();

export function setPowerDialPresence(value: PowerDialPresence) {
  if (value?.lines === current?.lines && (value === null) === (current === null)) return;
  current = value;
  listeners.forEach((l) => l());
}

export function getPowerDialPresence(): PowerDialPresence {
  return current;
}

export function subscribePowerDialPresence(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
