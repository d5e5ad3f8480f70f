"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import type { Checker } from "@/lib/client/checker";
import { telephonyOrganizationResponseSchema } from "@/modules/telephony/lib/schemas";

// The caller-ID pool editor's changes (../components/caller-id-pool.tsx): the console's, for any
// organization with the operator's credential, and a manager's, for their own team with theirs.
// Each hook sends to the pool the editor was given; the editor says what came of it.

/** Where the editor sends its changes: POST `base`, PATCH and DELETE `base/<id>`. */
export type CallerIdPoolApi = {
  base: string;
  credential: "operator" | "rep";
  /** The answer every change gives. */
  schema: Checker<unknown>;
};

/** An organization's pool in the console (the answer: the organization's telephony, again). */
export const consoleCallerIdsApi = (orgId: string): CallerIdPoolApi => ({
  base: `/api/admin/telephony/${orgId}/caller-ids`,
  credential: "operator",
  schema: telephonyOrganizationResponseSchema,
});

type Callbacks<Variables> = Pick<
  UseMutationOptions<unknown, Error, Variables>,
  "onSuccess" | "onError"
>;

/** A new number: its region when given, and whether it becomes the default. */
export type NewCallerId = { number: string; region: string | null; isDefault: boolean };

const optionsOf = (api: CallerIdPoolApi) => ({ schema: api.schema, credential: api.credential });

export function useAddCallerId(api: CallerIdPoolApi, callbacks: Callbacks<NewCallerId>) {
  return useMutation({
    mutationFn: (callerId: NewCallerId) => apiClient.post(api.base, callerId, optionsOf(api)),
    ...callbacks,
  });
}

export function useSetDefaultCallerId(api: CallerIdPoolApi, callbacks: Callbacks<string>) {
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.patch(`${api.base}/${id}`, { isDefault: true }, optionsOf(api)),
    ...callbacks,
  });
}

export function useRemoveCallerId(api: CallerIdPoolApi, callbacks: Callbacks<string>) {
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`${api.base}/${id}`, optionsOf(api)),
    ...callbacks,
  });
}

/** An operator vouches for a number (carriers require caller ID to be the caller's own). */
export function useVerifyCallerId(api: CallerIdPoolApi, callbacks: Callbacks<string>) {
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post(`${api.base}/${id}/verify`, undefined, optionsOf(api)),
    ...callbacks,
  });
}
