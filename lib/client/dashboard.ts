import "client-only";
import { useQuery } from "@tanstack/react-query";
import { startOfDay } from "date-fns";
import { apiClient } from "@/lib/client/api-client";
import { callsKeys } from "@/lib/client/calls/keys";
import * as r from "@/lib/client/rules";
import type { DashboardResponse } from "@/lib/dashboard/schemas";

// The dashboard's data (GET /api/dashboard), checked with lib/client/rules.ts rather than zod so
// that /app, the first screen after sign-in, loads no schema library.

/** `dashboardResponseSchema`. */
export const dashboardAnswer: r.Rule<DashboardResponse> = r.object({
  agents: r.array(
    r.object({
      id: r.string(),
      name: r.string(),
      dials: r.count,
      talkSeconds: r.count,
      status: r.oneOf(["Active", "Free"] as const),
    }),
  ),
  kpis: r.object({
    revenueToday: r.number({ min: 0 }),
    netIncomeEst: r.number({ min: 0 }),
    mrrDerived: r.number({ min: 0 }),
    avgDealSize: r.number({ min: 0 }),
  }),
  events: r.array(
    r.object({
      id: r.string(),
      kind: r.oneOf(["sale", "appointment"] as const),
      at: r.isoDateTimeWithOffset,
      rep: r.string(),
      amount: r.nullable(r.number()),
      callbackAt: r.nullable(r.isoDateTimeWithOffset),
      business: r.nullable(r.string()),
      number: r.nullable(r.string()),
    }),
  ),
});

/** How often an open dashboard asks again; TanStack Query pauses it while the tab is hidden. */
export const DASHBOARD_REFRESH_MS = 20_000;

/**
 * The team's day, refreshed every 20 s while the page is visible. A refresh never overlaps the
 * one in flight (the query returns the running request), and "calls" invalidation after a
 * recorded call refreshes it at once.
 */
export function useDashboard() {
  return useQuery({
    queryKey: callsKeys.dashboard,
    queryFn: ({ signal }) =>
      apiClient.get("/api/dashboard", {
        schema: dashboardAnswer,
        credential: "rep",
        signal,
        query: { since: startOfDay(new Date()).toISOString() },
      }),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });
}
