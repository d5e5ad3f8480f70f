import "client-only";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";
import type { CallbacksResponse } from "@/lib/records/schemas";

// The Callbacks list as the screen and the reminders read it (GET /api/callbacks), checked with a
// zod-free rule (the reminders run on every /app page; tests/unit/client-rules.test.ts holds the
// rule to the route's zod schema).

/** `callbacksResponseSchema`. */
export const callbacksAnswer: r.Rule<CallbacksResponse> = r.object({
  callbacks: r.array(
    r.object({
      placeId: r.string(),
      itemId: r.string(),
      dueAt: r.isoDateTime,
      durationMin: r.nullable(r.number()),
      note: r.nullable(r.string()),
      bookedBy: r.string(),
      mine: r.boolean,
      business: r.nullable(
        r.object({
          name: r.string(),
          phone: r.nullable(r.string()),
          utcOffsetMinutes: r.nullable(r.number()),
        }),
      ),
    }),
  ),
  now: r.isoDateTime,
  truncated: r.boolean,
});

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
    refetchInterval: CALLBACKS_REFRESH_MS,
    staleTime: 10_000,
  });
}
