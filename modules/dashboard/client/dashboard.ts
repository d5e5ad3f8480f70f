import "client-only";
import { useQuery } from "@tanstack/react-query";
import { startOfDay } from "date-fns";
import { apiClient } from "@/lib/client/api-client";
import { isLive } from "@/lib/client/live";
import { callsKeys } from "@/modules/calls/client/keys";
import { dashboardAnswer } from "@/modules/dashboard/client/dashboard.gen";
import { DASHBOARD_REFRESH_MS } from "@/modules/dashboard/lib/refresh";

// The dashboard's data (GET /api/dashboard), checked by a rule generated from the route's zod
// schema (npm run gen:rules) so that /app, the first screen after sign-in, loads no schema library.

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
    // The live channel refreshes it on each change; the timer is for when the channel is down.
    refetchInterval: () => (isLive() ? false : DASHBOARD_REFRESH_MS),
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });
}
