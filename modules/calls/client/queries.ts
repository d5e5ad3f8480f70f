import "client-only";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { startOfDay } from "date-fns";
import { apiClient } from "@/lib/client/api-client";
import { STATS_MAX_PLACES } from "@/modules/calls/lib/constants";
import type { CallStatsResponse } from "@/modules/calls/lib/schemas";
import { callsKeys, type CallLogFilters } from "./keys";
import {
  callListAnswer,
  callsAnswer,
  callStatsAnswer,
  missedCallsAnswer,
} from "@/modules/calls/client/calls.gen";

// TanStack Query hooks over the calls API (answers checked without zod: ./answers.ts), keyed by
// ./keys.ts.

export { callsKeys };

export type CallStats = {
  places: CallStatsResponse["places"];
  today: CallStatsResponse["today"];
  notesToday: CallStatsResponse["notesToday"];
};

/** Splits the ids into requests of at most 100 (the API's limit) and merges the answers. */
export async function fetchCallStats(
  placeIds: readonly string[],
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<CallStats> {
  const dayStart = startOfDay(now).toISOString();
  const chunks: string[][] = [];
  for (let i = 0; i < placeIds.length; i += STATS_MAX_PLACES) {
    chunks.push(placeIds.slice(i, i + STATS_MAX_PLACES));
  }
  if (chunks.length === 0) chunks.push([]);
  const answers = await Promise.all(
    chunks.map((ids) =>
      apiClient.post(
        "/api/calls/stats",
        { placeIds: ids, dayStart },
        { schema: callStatsAnswer, credential: "rep", signal },
      ),
    ),
  );
  return {
    places: Object.assign({}, ...answers.map((a) => a.places)),
    today: answers[0].today,
    notesToday: answers[0].notesToday,
  };
}

/** Dial Count of the places on screen and the team's numbers today (Targets). */
export function useCallStats(placeIds: readonly string[], enabled = true) {
  return useQuery({
    queryKey: callsKeys.stats(placeIds),
    queryFn: ({ signal }) => fetchCallStats(placeIds, new Date(), signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 10_000,
  });
}

/** The team's calls to one business, newest first (the drawer's Call Logs). */
export function usePlaceCalls(placeId: string | null | undefined) {
  return useQuery({
    queryKey: callsKeys.place(placeId ?? ""),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/calls/place/${encodeURIComponent(placeId!)}`, {
        schema: callsAnswer,
        credential: "rep",
        signal,
      }),
    enabled: Boolean(placeId),
    staleTime: 10_000,
  });
}

export const CALL_LOG_PAGE = 25;

/** The rep's own calls, newest first, a page at a time (keyset cursor). */
export function useCallLog(filters: CallLogFilters) {
  return useInfiniteQuery({
    queryKey: callsKeys.log(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get("/api/calls", {
        query: {
          scope: "mine",
          from: filters.from,
          to: filters.to,
          disposition: filters.disposition,
          cursor: pageParam,
          limit: CALL_LOG_PAGE,
        },
        schema: callListAnswer,
        credential: "rep",
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

export const MISSED_CALLS_PAGE = 25;

/** The rep's missed calls, newest first, a page at a time (keyset cursor). */
export function useMissedCalls() {
  return useInfiniteQuery({
    queryKey: callsKeys.missed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get("/api/calls/missed", {
        query: { cursor: pageParam, limit: MISSED_CALLS_PAGE },
        schema: missedCallsAnswer,
        credential: "rep",
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** Call History: the team's calls matching an id, a number or an agent. */
export function searchCalls(q: string, signal?: AbortSignal) {
  return apiClient.get("/api/calls/search", {
    query: { q },
    schema: callsAnswer,
    credential: "rep",
    signal,
  });
}
