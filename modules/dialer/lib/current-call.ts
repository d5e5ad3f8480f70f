import type { CallPhase } from "@/modules/dialer/lib/controller";
import type { CallRecord } from "@/modules/dialer/lib/types";

// The call the dialer has now, by its record's id: what a manager's monitoring request names
// (the live floor) and what the rep's presence report carries. Set when a call is dialed or
// answered, cleared when it ends; a store, so readers re-render only when the call changes.

export type CurrentCall = { id: string };

export type CurrentCallStore = {
  get(): CurrentCall | null;
  subscribe(listener: () => void): () => void;
  onCall(record: CallRecord, phase: CallPhase): void;
};

export function createCurrentCallStore(): CurrentCallStore {
  let current: CurrentCall | null = null;
  const listeners = new Set<() => void>();
  const set = (next: CurrentCall | null) => {
    if (next?.id === current?.id) return;
    current = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onCall(record, phase) {
      if (phase === "started") set({ id: record.id });
      else if (current?.id === record.id) set(null);
    },
  };
}
