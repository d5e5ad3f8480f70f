"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { apiClient } from "@/lib/client/api-client";
import { placeDetailsAnswer, searchAnswer } from "@/lib/client/places";
import { readSearchCache, writeSearchCache } from "@/lib/targets/search-cache";
import { failureFromError } from "@/lib/targets/search-failure";
import { createTargetsSearch, idleState, type TargetsSearch } from "@/lib/targets/search-session";

function createStore(): TargetsSearch {
  return createTargetsSearch({
    search: (q, pageToken, signal) =>
      apiClient.get("/api/places/search", {
        query: { q, pageToken },
        schema: searchAnswer,
        credential: "rep",
        signal,
      }),
    details: async (placeId, signal) =>
      (
        await apiClient.get(`/api/places/${encodeURIComponent(placeId)}`, {
          schema: placeDetailsAnswer,
          credential: "rep",
          signal,
        })
      ).place,
    readCache: readSearchCache,
    writeCache: (q, entry) => void writeSearchCache(q, entry),
    toFailure: failureFromError,
  });
}

/**
 * The Targets search for the page's q and ts: a new q or ts aborts what is in flight (silently),
 * clears the results and starts again (from the session cache when the query is in it).
 */
export function useTargetsSearch(q: string | null, ts: string | null) {
  const [store] = useState(createStore);
  useEffect(() => {
    store.start(q);
  }, [store, q, ts]);
  useEffect(() => () => store.dispose(), [store]);
  const state = useSyncExternalStore(store.subscribe, store.getState, () => idleState);
  return { state, loadMore: store.loadMore };
}
