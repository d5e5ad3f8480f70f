import "client-only";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import { isLive } from "@/lib/client/live";
import { callbacksAnswer } from "@/modules/callbacks/client/callbacks.gen";

// The Callbacks list as the screen and the reminders read it (GET /api/callbacks), checked by a
// rule generated from the route's zod schema (npm run gen:rules): the reminders run on every /app
// page, whose first load has no room for zod.

export type CallbackScope = "mine" | "team";

export const callbacksKeys = {
  all: ["callbacks"] as const,
  list: (scope: CallbackScope) => ["callbacks", scope] as const,
};

/** How often an open list (or the reminders) asks again: a teammate's booking shows within it. */
export const CALLBACKS_REFRESH_MS = 60_000;

export function fetchCallbacks(scope: CallbackScope, signal?: AbortSignal) {
  return apiClient.get("/api/callbacks", {
    query: { scope, days: 7 },
    schema: callbacksAnswer,
    credential: "rep",
    signal,
  });
}

export function useCallbacks(scope: CallbackScope) {
  return useQuery({
    queryKey: callbacksKeys.list(scope),
    queryFn: ({ signal }) => fetchCallbacks(scope, signal),
    // The live channel refreshes it on each change; the timer is for when the channel is down.
    refetchInterval: () => (isLive() ? false : CALLBACKS_REFRESH_MS),
    staleTime: 10_000,
  });
}
