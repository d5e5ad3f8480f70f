"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import {
  idleState,
  type SearchFailure,
  type TargetsState,
} from "@/modules/targets/lib/search-state";
import type { TargetsSearch } from "@/modules/targets/lib/search-session";
import { onNewSearch } from "@/modules/targets/lib/search-url";

export type TargetsRuntime = typeof import("./targets-runtime");

const idle = () => idleState;
const noSubscription = () => () => {};
const noop = () => {};

/**
 * The Targets search for the page's q and ts: a new q or ts aborts what is in flight (silently),
 * as does a new search's submit, before its navigation (search-url.ts),
 * clears the results and starts again (from the session cache when the query is in it).
 *
 * The flow's code and the rows' (./targets-runtime.ts) load once the page has hydrated; until
 * then the page shows "Searching..." for a q, as it does while the search runs. `runtime` (the
 * rows, power dialing, the demo badge) is null until then, and results exist only after it.
 */
export function useTargetsSearch(q: string | null, ts: string | null) {
  const [loaded, setLoaded] = useState<{ store: TargetsSearch; runtime: TargetsRuntime } | null>(
    null,
  );
  const [loadFailure, setLoadFailure] = useState<SearchFailure | null>(null);
  useEffect(() => {
    let live = true;
    import("./targets-runtime").then(
      (runtime) => {
        if (live) setLoaded({ store: runtime.createTargetsStore(), runtime });
      },
      (error: unknown) => {
        const body = error instanceof Error ? error.message : String(error);
        if (live) setLoadFailure({ status: 0, body });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const store = loaded?.store ?? null;
  useEffect(() => {
    store?.start(q);
  }, [store, q, ts]);
  useEffect(() => () => store?.dispose(), [store]);
  useEffect(() => (store ? onNewSearch(store.halt) : undefined), [store]);
  const storeState = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store?.getState ?? idle,
    idle,
  );
  // The code did not load (offline, a new deployment): the search fails as a request would.
  const state: TargetsState =
    q && loadFailure ? { ...idleState, query: q, phase: "error", error: loadFailure } : storeState;
  return {
    state,
    loadMore: store?.loadMore ?? noop,
    runtime: loaded?.runtime ?? null,
  };
}
