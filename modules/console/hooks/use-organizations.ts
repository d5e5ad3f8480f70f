"use client";

import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/client/api-client";
import { organizationCreatedResponseSchema } from "@/lib/accounts/organization-schemas";
import { invitationResponseSchema } from "@/modules/team/lib/invitation-schemas";
import { teamSecurityResponseSchema } from "@/modules/team/lib/schemas";
import type { MutationCallbacks } from "@/lib/client/mutation-callbacks";

// The console's changes to organizations, with the operator's credential: the panel holds only
// what it shows and what it says on success or failure. The list itself reads through
// `useOpsQuery` (use-ops.ts).

/** Whether every member of an organization must sign in with a second factor. */
export function useSetOrganizationTwoFactor(
  callbacks: MutationCallbacks<
    z.infer<typeof teamSecurityResponseSchema>,
    { id: string; name: string; on: boolean }
  >,
) {
  return useMutation({
    mutationFn: ({ id, on }: { id: string; name: string; on: boolean }) =>
      apiClient.patch(
        `/api/admin/organizations/${id}`,
        { requireTwoFactor: on },
        { schema: teamSecurityResponseSchema, credential: "operator" },
      ),
    ...callbacks,
  });
}

/** A new organization by its name. */
export function useCreateOrganization(
  callbacks: MutationCallbacks<z.infer<typeof organizationCreatedResponseSchema>, string>,
) {
  return useMutation({
    mutationFn: (name: string) =>
      apiClient.post(
        "/api/admin/organizations",
        { name },
        { schema: organizationCreatedResponseSchema, credential: "operator" },
      ),
    ...callbacks,
  });
}

/** Invites an organization's first manager by email. */
export function useInviteManager(
  callbacks: MutationCallbacks<
    z.infer<typeof invitationResponseSchema>,
    { organizationId: string; email: string }
  >,
) {
  return useMutation({
    mutationFn: ({ organizationId, email }: { organizationId: string; email: string }) =>
      apiClient.post(
        `/api/admin/organizations/${organizationId}/invitations`,
        { email },
        { schema: invitationResponseSchema, credential: "operator" },
      ),
    ...callbacks,
  });
}
