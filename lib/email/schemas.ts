import { z } from "zod";
import { stepUpFields } from "@/lib/two-factor/schemas";

// Request bodies of the two verification endpoints. No server-only import: the Profile
// screen may use the same rules before it calls the server.

/** Spec section 9: one verification mail per user per 60 s (the client shows the same countdown). */
export const VERIFICATION_COOLDOWN_SECONDS = 60;

// No control characters at all (CR/LF would let an address smuggle mail headers), then a
// conservative address shape: no spaces, commas, quotes or angle brackets, so one value can
// only ever name one recipient.
const localPart = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const addressPattern = new RegExp(`^${localPart}@${label}(?:\\.${label})+$`);

export const emailAddressSchema = z
  .string()
  .regex(/^[^\u0000-\u001f\u007f]*$/, "Email address is not valid")
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .regex(addressPattern, "Email address is not valid");

/**
 * A new address (one other than the account's) needs the current password and, when two-factor
 * sign-in is on, a code: it is where the account's notices go. Sending the link again for the
 * same address needs neither.
 */
export const verifyRequestBodySchema = z.object({
  email: emailAddressSchema,
  password: z.string().max(256, "Password is too long").optional(),
  code: stepUpFields.code,
});

/** Tokens are 32 random bytes in base64url (43 characters); anything else cannot be one. */
export const verificationTokenPattern = /^[A-Za-z0-9_-]{43}$/;

// The token's shape is checked by the completion itself, so a malformed link gets the same
// answer (and audit entry) as any other invalid one.
export const verifyCompleteBodySchema = z.object({ token: z.string().max(512) });

/** POST /api/auth/email/verify-request: the link is on its way (or the address was verified). */
export const verifyRequestResponseSchema = z.object({ ok: z.literal(true) });

/** POST /api/auth/email/verify-complete. */
export const verifyCompleteResponseSchema = z.object({ emailVerified: z.literal(true) });
