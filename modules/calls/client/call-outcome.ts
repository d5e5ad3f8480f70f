import "client-only";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import type { Checked } from "@/lib/client/checker";
import { callAnswer } from "@/modules/calls/client/calls.gen";
import { callsKeys } from "./keys";
import { dispositionPutBody, type DispositionAnswer } from "./record-body";
import type { MutationCallbacks } from "@/lib/client/mutation-callbacks";

// An undisposed call's outcome given later (Call Log's outcome dialog), straight through the API
// rather than the outbox: apart from ./queries.ts, which Targets loads first, so that the
// disposition's body is not in its budget.

export type CallOutcome = { id: string; answer: DispositionAnswer };

export function useSaveCallOutcome(
  callbacks: MutationCallbacks<Checked<typeof callAnswer>, CallOutcome>,
) {
  return useMutation({
    mutationFn: ({ id, answer }: CallOutcome) =>
      apiClient.put(
        `/api/calls/${encodeURIComponent(id)}/disposition`,
        dispositionPutBody(answer),
        {
          schema: callAnswer,
          credential: "rep",
        },
      ),
    ...callbacks,
  });
}

/** Asks every call screen again (their keys all start with "calls"). */
export function useRefreshCalls() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: callsKeys.all });
}
