import "client-only";
import type { QueryClient } from "@tanstack/react-query";

import { callsKeys } from "./keys";

/**
 * Refreshes every screen that counts calls, once the server has a call. An invalidation does
 * not restart a query's first load (TanStack Query joins the request already in flight, which
 * the server may have answered before it had the call): such a query is asked again as soon as
 * that load ends, so a list opened while calls were being sent never misses one.
 */
export function refreshCallQueries(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: callsKeys.all, fetchStatus: "fetching" })) {
    if (query.state.data !== undefined) continue;
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query) return;
      if (event.type === "removed") return unsubscribe();
      if (query.state.fetchStatus === "fetching") return;
      unsubscribe();
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    });
  }
  void queryClient.invalidateQueries({ queryKey: callsKeys.all });
}
