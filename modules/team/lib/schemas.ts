import { z } from "zod";
import { memberRoles } from "@/lib/auth/permissions";

// Team management: who is on a team, their role and whether they can sign in. One set
// of schemas for the routes and the Settings screen.

export const memberRoleSchema = z.enum(memberRoles);

export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: memberRoleSchema,
  status: z.enum(["active", "deactivated"]),
  createdAt: z.string(),
  /** Two-factor sign-in is on: a manager can reset it for a member who lost the phone. */
  twoFactor: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/team: the members, and what the viewer may do (the screen hides the rest). */
export const teamResponseSchema = z.object({
  organization: z.string(),
  viewer: z.object({ userId: z.string(), role: memberRoleSchema, canManage: z.boolean() }),
  members: z.array(memberSchema),
  /** Every member must sign in with a second factor (a manager's setting). */
  requireTwoFactor: z.boolean(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const memberParamsSchema = z.object({ userId: z.uuid() });

/** PATCH /api/team/members/{userId}: a new role, or deactivate/reactivate (one at a time). */
export const memberPatchBodySchema = z.union([
  z.object({ role: memberRoleSchema }).strict(),
  z.object({ status: z.enum(["active", "deactivated"]) }).strict(),
]);
export type MemberPatchBody = z.infer<typeof memberPatchBodySchema>;

export const memberResponseSchema = z.object({ member: memberSchema });

/** PATCH /api/team/security: the organization's sign-in rules (managers). */
export const teamSecurityBodySchema = z.object({ requireTwoFactor: z.boolean() }).strict();
export const teamSecurityResponseSchema = z.object({ requireTwoFactor: z.boolean() });
