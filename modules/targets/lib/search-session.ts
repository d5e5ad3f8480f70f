// The Targets search flow (spec sections 4, 8, 9) as a small store with no React and no
// fetch: the page calls start(q) whenever q or ts changes and loadMore() for the next page;
// the store aborts what is in flight (silently), reads and writes the per-query cache, runs
// the enrichment pool and exposes one state the screen renders. Dependencies are injected so
// unit tests drive it with fakes and fake timers.
import type { Place, SearchResponse } from "@/modules/places/lib/schemas";
import {
  createEnrichmentQueue,
  type EnrichmentOptions,
  type EnrichmentQueue,
} from "./enrichment-queue";
import { idleState, type SearchFailure, type TargetsState } from "./search-state";

// The state the screen renders lives apart (./search-state.ts), so that the page can show it
// before this flow's code has loaded.
export {
  idleState,
  targetsStatus,
  type SearchFailure,
  type TargetsPhase,
  type TargetsState,
  type TargetsStatus,
} from "./search-state";

export type CacheEntryIn = {
  places: Place[];
  nextPageToken: string | null;
  enrichedIds: string[];
  demo: boolean;
};

export type SearchSessionDeps = {
  search(
    query: string,
    pageToken: string | undefined,
    signal: AbortSignal,
  ): Promise<SearchResponse>;
  details(placeId: string, signal: AbortSignal): Promise<Place>;
  readCache(query: string): (CacheEntryIn & { enriched: boolean }) | null;
  writeCache(query: string, entry: CacheEntryIn): void;
  /** Turns a thrown error into status and body; null for an abort (ignored silently). */
  toFailure(error: unknown): SearchFailure | null;
  enrichment?: Pick<EnrichmentOptions<Place>, "concurrency" | "attempts" | "backoffMs" | "sleep">;
};

export type TargetsSearch = {
  getState(): TargetsState;
  subscribe(listener: () => void): () => void;
  start(query: string | null): void;
  loadMore(): void;
  /** Aborts what is in flight and keeps the results shown; the next start() goes on. */
  halt(): void;
  dispose(): void;
};

export function createTargetsSearch(deps: SearchSessionDeps): TargetsSearch {
  let state = idleState;
  const listeners = new Set<() => void>();
  let controller: AbortController | null = null;
  let queue: EnrichmentQueue | null = null;

  const set = (patch: Partial<TargetsState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };

  const save = () => {
    if (!state.query || !state.places.length) return;
    deps.writeCache(state.query, {
      places: state.places,
      nextPageToken: state.nextPageToken,
      enrichedIds: [...state.enrichedIds],
      demo: state.demo,
    });
  };

  function startEnrichment(signal: AbortSignal) {
    queue = createEnrichmentQueue<Place>({
      ...deps.enrichment,
      signal,
      fetchOne: (id, s) => deps.details(id, s),
      onEnriched: (id, place) => {
        const enrichedIds = new Set(state.enrichedIds).add(id);
        const settledIds = new Set(state.settledIds).add(id);
        // Keep the search's fields where details came back without them.
        const places = state.places.map((p) => (p.place_id === id ? mergePlace(p, place) : p));
        set({ places, enrichedIds, settledIds });
        save();
      },
      onSkipped: (id) => set({ settledIds: new Set(state.settledIds).add(id) }),
    });
  }

  function accept(page: SearchResponse, append: boolean) {
    const known = new Set(append ? state.places.map((p) => p.place_id) : []);
    const fresh = page.places.filter((p) => !known.has(p.place_id));
    const places = append ? [...state.places, ...fresh] : fresh;
    let { enrichedIds, settledIds } = state;
    if (page.detailsIncluded) {
      enrichedIds = new Set([...enrichedIds, ...fresh.map((p) => p.place_id)]);
      settledIds = new Set([...settledIds, ...fresh.map((p) => p.place_id)]);
    }
    set({
      phase: "results",
      places,
      nextPageToken: page.nextPageToken,
      demo: page.demo,
      enrichedIds,
      settledIds,
      loadingMore: false,
      error: null,
    });
    save();
    queue?.add(fresh.filter((p) => !enrichedIds.has(p.place_id)).map((p) => p.place_id));
  }

  function fail(error: unknown, signal: AbortSignal) {
    if (signal.aborted) return;
    const failure = deps.toFailure(error);
    if (!failure) return;
    set({ phase: "error", error: failure, loadingMore: false });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(rawQuery) {
      controller?.abort();
      queue = null;
      const query = rawQuery?.trim() ?? "";
      if (!query) {
        controller = null;
        state = idleState;
        listeners.forEach((l) => l());
        return;
      }
      const c = new AbortController();
      controller = c;
      startEnrichment(c.signal);
      const cached = deps.readCache(query);
      if (cached) {
        const ids = new Set(cached.enrichedIds);
        state = {
          ...idleState,
          query,
          phase: "results",
          places: cached.places,
          nextPageToken: cached.nextPageToken,
          enrichedIds: ids,
          settledIds: new Set(ids),
          cachedCount: cached.places.length,
          demo: cached.demo,
        };
        listeners.forEach((l) => l());
        queue!.add(cached.places.filter((p) => !ids.has(p.place_id)).map((p) => p.place_id));
        return;
      }
      state = { ...idleState, query, phase: "searching" };
      listeners.forEach((l) => l());
      deps.search(query, undefined, c.signal).then(
        (page) => {
          if (!c.signal.aborted) accept(page, false);
        },
        (error: unknown) => fail(error, c.signal),
      );
    },
    loadMore() {
      const c = controller;
      const token = state.nextPageToken;
      if (!c || !token || state.loadingMore || c.signal.aborted) return;
      set({ loadingMore: true, error: null, phase: "results" });
      deps.search(state.query, token, c.signal).then(
        (page) => {
          if (!c.signal.aborted) accept(page, true);
        },
        (error: unknown) => fail(error, c.signal),
      );
    },
    halt() {
      controller?.abort();
    },
    dispose() {
      controller?.abort();
      controller = null;
      queue = null;
    },
  };
}

/** Details win; fields the details call left empty keep what the search said. */
export function mergePlace(search: Place, details: Place): Place {
  const merged = { ...search };
  for (const [k, v] of Object.entries(details) as [keyof Place, Place[keyof Place]][]) {
    if (v !== null && v !== "") (merged as Record<string, unknown>)[k] = v;
  }
  return merged;
}

/** The spec's error text. */
export const searchErrorText = (f: SearchFailure) => `Places API error ${f.status}: ${f.body}`;
