import "client-only";
import { useEffect, useSyncExternalStore } from "react";
import { useDialer } from "./dialer-provider";

// Record belongs to one call and is shown in more than one place (the top bar's call controls,
// the phone's compact in-call bar): one state for all of them, cleared when the call stops.
let recording = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  if (next === recording) return;
  recording = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether this call is being recorded, and the toggle. */
export function useRecordToggle(): [recording: boolean, toggle: () => void] {
  const { isActive } = useDialer();
  const value = useSyncExternalStore(
    subscribe,
    () => recording,
    () => false,
  );
  useEffect(() => {
    if (!isActive) set(false);
  }, [isActive]);
  return [isActive && value, () => set(!recording)];
}
