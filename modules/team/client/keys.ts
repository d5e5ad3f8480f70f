/**
 * The TanStack Query keys of the team's screens. Every key starts with "team", so invalidating
 * `teamKeys.all` (what a change to a member does) refreshes the members, the invitations and the
 * team's caller IDs alike.
 */
export const teamKeys = {
  all: ["team"] as const,
  invitations: ["team", "invitations"] as const,
  callerIds: ["team", "caller-ids"] as const,
};
