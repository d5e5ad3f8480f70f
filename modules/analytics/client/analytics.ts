import "client-only";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import { analyticsResponseSchema } from "@/modules/analytics/lib/schemas";

// The Analytics screen's one request (GET /api/analytics). Only that screen imports this module,
// so its zod schema stays off every other route. The key starts with "calls": a recorded call
// (the outbox invalidates "calls") refreshes the figures too.

export type AnalyticsParams = { from: string; to: string; agent: string; tz: string };

export const analyticsKey = (p: AnalyticsParams) => ["calls", "analytics", p] as const;

export function useAnalytics(params: AnalyticsParams) {
  return useQuery({
    queryKey: analyticsKey(params),
    queryFn: ({ signal }) =>
      apiClient.get("/api/analytics", {
        schema: analyticsResponseSchema,
        credential: "rep",
        signal,
        query: params,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The browser's IANA time zone (what "a day" means on the activity chart). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
