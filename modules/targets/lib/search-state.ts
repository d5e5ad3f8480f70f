// The Targets search's state and what its status line says (the flow that drives it is
// ./search-session.ts, which re-exports this): the page renders these at first paint.
import type { Place } from "@/modules/places/lib/schemas";

export type SearchFailure = { status: number; body: string };

export type TargetsPhase = "idle" | "searching" | "results" | "error";

export type TargetsState = {
  query: string;
  phase: TargetsPhase;
  places: Place[];
  nextPageToken: string | null;
  /** Places whose details arrived. */
  enrichedIds: ReadonlySet<string>;
  /** Places whose details arrived or were given up on (progress "done"). */
  settledIds: ReadonlySet<string>;
  /** Set when the results came from the session cache: how many there were. */
  cachedCount: number | null;
  demo: boolean;
  loadingMore: boolean;
  error: SearchFailure | null;
};

const empty = new Set<string>();

export const idleState: TargetsState = {
  query: "",
  phase: "idle",
  places: [],
  nextPageToken: null,
  enrichedIds: empty,
  settledIds: empty,
  cachedCount: null,
  demo: false,
  loadingMore: false,
  error: null,
};

export type TargetsStatus =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "error" }
  | { kind: "empty" }
  | { kind: "enriching"; found: number; done: number; total: number; cached: number | null }
  | { kind: "ready"; enriched: number; cached: number | null };

/** What the status line says (spec section 4). */
export function targetsStatus(s: TargetsState): TargetsStatus {
  if (s.phase === "idle") return { kind: "idle" };
  if (s.phase === "searching") return { kind: "searching" };
  if (s.phase === "error") return { kind: "error" };
  if (!s.places.length) return { kind: "empty" };
  const done = s.places.filter((p) => s.settledIds.has(p.place_id)).length;
  if (done < s.places.length) {
    return {
      kind: "enriching",
      found: s.places.length,
      done,
      total: s.places.length,
      cached: s.cachedCount,
    };
  }
  return { kind: "ready", enriched: s.enrichedIds.size, cached: s.cachedCount };
}
