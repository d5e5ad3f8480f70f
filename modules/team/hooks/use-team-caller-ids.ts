"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import type { CallerIdPoolApi } from "@/modules/console/hooks/use-caller-id-pool";
import { teamKeys } from "@/modules/team/client/keys";
import { teamCallerIdsResponseSchema } from "@/modules/telephony/lib/caller-id-schemas";

// A manager's own team's caller-ID pool (Settings' caller IDs), edited with the console's editor
// (modules/console/components/caller-id-pool.tsx). Apart from ./use-team.ts so that the dialer's
// Transfer dialog, which reads the team from there, does not load the caller-ID rules.

/** Where a manager's own team's caller-ID pool changes (the console's editor sends there). */
export const teamCallerIdsApi: CallerIdPoolApi = {
  base: "/api/team/caller-ids",
  credential: "rep",
  schema: teamCallerIdsResponseSchema,
};

/** The team's caller-ID pool (Settings' caller IDs, for managers). */
export function useTeamCallerIds() {
  return useQuery({
    queryKey: teamKeys.callerIds,
    queryFn: ({ signal }) =>
      apiClient.get(teamCallerIdsApi.base, {
        schema: teamCallerIdsResponseSchema,
        credential: "rep",
        signal,
      }),
  });
}

export function useRefreshTeamCallerIds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.callerIds });
}
