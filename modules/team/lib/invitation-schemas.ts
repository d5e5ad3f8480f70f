import { normalizeUsername } from "@/lib/accounts/username";
import { z } from "zod";
import { emailAddressSchema } from "@/lib/email/schemas";
import { memberRoleSchema } from "./schemas";

// Invitations by email: one set of schemas for the routes, the Invite Members dialog
// and the invitee's page.

/** How long an invitation's link works; resending starts it again with a new link. */
export const INVITATION_DAYS = 7;

export const invitationCreateBodySchema = z.object({
  email: emailAddressSchema,
  role: memberRoleSchema.default("rep"),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(["pending", "expired"]),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export const invitationResponseSchema = z.object({ invitation: invitationSchema });
export const invitationParamsSchema = z.object({ invitationId: z.uuid() });

/** The invitee's link token: 256 random bits in base64url, as the verification links. */
export const invitationTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, "Invalid or expired invitation link");

export const invitationAcceptBodySchema = z.object({
  token: invitationTokenSchema,
  username: z
    .string()
    .trim()
    .overwrite(normalizeUsername)
    .min(2, "Username must be at least 2 characters")
    .max(64, "Username must be at most 64 characters")
    .regex(/^[A-Za-z0-9._@-]+$/, "Username may contain letters, digits and . _ @ - only"),
  password: z.string(),
});
