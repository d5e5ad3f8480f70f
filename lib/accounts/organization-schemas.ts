import { z } from "zod";

// Organizations (teams) as the operator console and the users CLI create them: one rule for both,
// shared with the console's form.

export const organizationNameSchema = z
  .string()
  .trim()
  .min(2, "Organization name must be at least 2 characters")
  .max(100, "Organization name must be at most 100 characters")
  .refine(
    (name) => !/[\u0000-\u001f\u007f]/.test(name),
    "Organization name may not contain control characters",
  );

/** POST /api/admin/organizations */
export const organizationCreateBodySchema = z.object({ name: organizationNameSchema });

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  users: z.number().int(),
  createdAt: z.string(),
  /** Its managers (0: nobody can run the team yet; the operator invites the first). */
  managers: z.number().int(),
  /** Every member must sign in with a second factor. */
  requireTwoFactor: z.boolean(),
});

/** GET /api/admin/organizations; POST answers with the one it created. */
export const organizationsResponseSchema = z.object({
  organizations: z.array(organizationSummarySchema),
});
export const organizationCreatedResponseSchema = z.object({
  organization: organizationSummarySchema,
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationParamsSchema = z.object({ organizationId: z.uuid() });

/** PATCH /api/admin/organizations/{organizationId}: the settings an operator sets for any team. */
export const organizationPatchBodySchema = z.object({ requireTwoFactor: z.boolean() }).strict();

/** POST /api/admin/organizations/{organizationId}/invitations: the team's first (or next) manager. */
export const managerInvitationBodySchema = z.object({ email: z.email().max(254) }).strict();
