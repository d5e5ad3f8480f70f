import "client-only";
import { createContext } from "react";
import type { CallRecording, RecordToggle } from "@/modules/recordings/lib/browser/call-recording";

// What the rep wants (Record on or off) for the current call, shared by every Record control
// and the recording driver; and the provider's call recording, which says whether audio is
// being kept right now.
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

/** The shared toggle. */
export const recordToggle: RecordToggle = { get: () => recording, set, subscribe };

/** The provider's call recording (null outside the dialer or in tests that give none). */
export const CallRecordingContext = createContext<CallRecording | null>(null);
