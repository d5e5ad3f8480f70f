"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "@/lib/client/api-client";
import type { MemberRole } from "@/lib/auth/permissions";
import { teamKeys } from "@/modules/team/client/keys";
import {
  invitationResponseSchema,
  invitationsResponseSchema,
} from "@/modules/team/lib/invitation-schemas";
import {
  memberResponseSchema,
  teamResponseSchema,
  teamSecurityResponseSchema,
  type Member,
  type MemberPatchBody,
} from "@/modules/team/lib/schemas";
import type { MutationCallbacks } from "@/lib/client/mutation-callbacks";

// The team screens' calls to the server, as TanStack Query hooks: the components hold only what
// they show and what they say on success or failure.

type MemberAnswer = z.infer<typeof memberResponseSchema>;
type InvitationAnswer = z.infer<typeof invitationResponseSchema>;

/**
 * The team with each member's role and status (Manage Roles / View Team, and the dialer's
 * Transfer dialog and warm-transfer panel, which read it only while they need it: one cache
 * entry for all of them).
 */
export function useTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) =>
      apiClient.get("/api/team", { schema: teamResponseSchema, credential: "rep", signal }),
    enabled,
  });
}

/** Asks for every team query again: a change to one member shows everywhere. */
export function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

/** A manager clears a member's lost second factor. */
export function useResetMemberTwoFactor(callbacks: MutationCallbacks<MemberAnswer, Member>) {
  return useMutation({
    mutationFn: (member: Member) =>
      apiClient.delete(`/api/team/members/${member.id}/two-factor`, {
        schema: memberResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/** Whether every member must sign in with a second factor. */
export function useTeamSecurity(
  callbacks: MutationCallbacks<z.infer<typeof teamSecurityResponseSchema>, boolean>,
) {
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiClient.patch(
        "/api/team/security",
        { requireTwoFactor },
        { schema: teamSecurityResponseSchema, credential: "rep" },
      ),
    ...callbacks,
  });
}

/** A member's role, or their status (deactivated or active again). */
export function useChangeMember(
  callbacks: MutationCallbacks<MemberAnswer, { member: Member; body: MemberPatchBody }>,
) {
  return useMutation({
    mutationFn: ({ member, body }: { member: Member; body: MemberPatchBody }) =>
      apiClient.patch(`/api/team/members/${member.id}`, body, {
        schema: memberResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/** The team's pending invitations (Invite Members). */
export function useInvitations() {
  return useQuery({
    queryKey: teamKeys.invitations,
    queryFn: ({ signal }) =>
      apiClient.get("/api/team/invitations", {
        schema: invitationsResponseSchema,
        credential: "rep",
        signal,
      }),
  });
}

export function useRefreshInvitations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
}

export function useSendInvitation(
  callbacks: MutationCallbacks<InvitationAnswer, { email: string; role: MemberRole }>,
) {
  return useMutation({
    mutationFn: (invitation: { email: string; role: MemberRole }) =>
      apiClient.post("/api/team/invitations", invitation, {
        schema: invitationResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/** A new link for a pending invitation; the old one stops working. */
export function useResendInvitation(callbacks: MutationCallbacks<InvitationAnswer, string>) {
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post(`/api/team/invitations/${id}/resend`, undefined, {
        schema: invitationResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

export function useRevokeInvitation(callbacks: MutationCallbacks<{ revoked: true }, string>) {
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(`/api/team/invitations/${id}`, {
        schema: z.object({ revoked: z.literal(true) }),
        credential: "rep",
      }),
    ...callbacks,
  });
}
