import { z } from "zod";
import { stepUpFields } from "@/lib/two-factor/schemas";
import { CURRENT_PASSWORD_MIN, NEW_PASSWORD_MIN } from "@/modules/profile/lib/profile-form";
import { PASSWORD_MAX } from "./password-form";

// Request and response shapes of the account-security routes, shared by the route
// handlers and the browser (no server-only import). The minimums are the spec's (section 9:
// 6 for the current password, 8 for the new one and its confirmation); the longest is the
// users CLI's, so every password the CLI accepts can be typed here and the other way round.

export const changePasswordBodySchema = z
  .object({
    /** A code from the authenticator app (or a recovery code) when two-factor sign-in is on. */
    code: stepUpFields.code,
    currentPassword: z
      .string()
      .min(
        CURRENT_PASSWORD_MIN,
        `Current password must be at least ${CURRENT_PASSWORD_MIN} characters`,
      )
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    newPassword: z
      .string()
      .min(NEW_PASSWORD_MIN, `New password must be at least ${NEW_PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z
      .string()
      .min(NEW_PASSWORD_MIN, `New password must be at least ${NEW_PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  })
  // The spec's simulated form had no match check; a real change needs one, or a typo in the new
  // password locks the rep out.
  .refine((b) => b.newPassword === b.confirmPassword, {
    path: ["confirmPassword"],
    message: "The new passwords do not match",
  })
  .refine((b) => b.newPassword !== b.currentPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/auth/password: how many other sessions were signed out. */
export const changePasswordResponseSchema = z.object({
  ok: z.literal(true),
  otherSessionsEnded: z.number().int().min(0),
});

/** The stable codes of the password change's refusals (the browser branches on these). */
export const passwordErrorCodes = {
  wrongCurrent: "current_password_incorrect",
  throttled: "password_throttled",
} as const;
