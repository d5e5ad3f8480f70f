import "client-only";
import { useSyncExternalStore } from "react";

// How wide the open non-modal drawer is (0 when none is open): the floating dialer moves beside
// it instead of covering it (modules/dialer/lib/position.ts clearOfPanel). One drawer is beside the work
// at a time, so one number is the whole state.
let width = 0;
const listeners = new Set<() => void>();

export function setBesidePanelWidth(next: number) {
  if (next === width) return;
  width = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useBesidePanelWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => width,
    () => 0,
  );
}
