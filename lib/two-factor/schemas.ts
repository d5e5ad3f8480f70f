import { z } from "zod";

// Request and response shapes of two-factor sign-in, shared by the route handlers,
// the browser and the tests (no server-only import).

/** A recovery code is 10 characters of this alphabet (no 0/o, 1/l/i), shown as xxxxx-xxxxx. */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** Spaces and hyphens dropped, letters lowercased: what a rep types or pastes, as stored. */
export function normalizeCode(code: string) {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export const isTotpCode = (normalized: string) => /^\d{6}$/.test(normalized);
export const isRecoveryCode = (normalized: string) =>
  normalized.length === 10 && [...normalized].every((c) => RECOVERY_ALPHABET.includes(c));

const codeText = z.string().max(32, "The code is too long");

/** A 6-digit code from the authenticator app. */
export const totpCodeSchema = codeText
  .transform(normalizeCode)
  .refine(isTotpCode, "Enter the 6-digit code from your authenticator app");

/** A 6-digit code or a recovery code. */
export const secondFactorCodeSchema = codeText
  .transform(normalizeCode)
  .refine(
    (c) => isTotpCode(c) || isRecoveryCode(c),
    "Enter the 6-digit code from your authenticator app or a recovery code",
  );

/** POST /api/auth/login/2fa. */
export const twoFactorLoginBodySchema = z.object({
  challenge: z.string().min(1, "The sign-in has expired").max(2048),
  code: secondFactorCodeSchema,
});

/** POST /api/auth/login when the account has a second factor: no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().min(1),
  user: z.object({ username: z.string().min(1) }),
});

/** GET /api/auth/2fa. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().datetime().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});

/** POST /api/auth/2fa/setup: a new secret to enrol; nothing changes until it is confirmed. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().min(16),
  otpauthUri: z.string().startsWith("otpauth://totp/"),
});

const currentPasswordSchema = z
  .string()
  .min(1, "Enter your current password")
  .max(256, "Password is too long");

/**
 * The proof an account change asks for (lib/two-factor/step-up.ts): the current password, and a
 * code (or a recovery code) when two-factor sign-in is on. An empty code is no code.
 */
export const stepUpFields = {
  password: currentPasswordSchema,
  code: z.preprocess((v) => (v === "" ? undefined : v), secondFactorCodeSchema.optional()),
};
export type StepUpProof = { password: string; code?: string };

/** POST /api/auth/2fa/enable: the pending secret's code and the current password. */
export const enableTwoFactorBodySchema = z.object({
  code: totpCodeSchema,
  password: currentPasswordSchema,
});
export const enableTwoFactorResponseSchema = z.object({
  ok: z.literal(true),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  /** The account's other sessions, signed out when the factor was switched on. */
  otherSessionsEnded: z.number().int().min(0),
});

/** POST /api/auth/2fa/recovery-codes: ten new codes replace the old ones. */
export const regenerateRecoveryCodesBodySchema = z.object({
  password: currentPasswordSchema,
  code: secondFactorCodeSchema,
});
export const recoveryCodesResponseSchema = z.object({
  ok: z.literal(true),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** POST /api/auth/2fa/disable: the current password and a code (or a recovery code). */
export const disableTwoFactorBodySchema = z.object({
  password: z.string().min(1, "Password is required").max(256, "Password is too long"),
  code: secondFactorCodeSchema,
});
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** The stable codes of two-factor refusals (the browser branches on these). */
export const twoFactorErrorCodes = {
  challengeInvalid: "two_factor_challenge_invalid",
  wrongCode: "two_factor_code_incorrect",
  replayed: "two_factor_code_used",
  throttled: "two_factor_throttled",
  wrongPassword: "current_password_incorrect",
  /** An account change without the current password. */
  passwordRequired: "current_password_required",
  /** Two-factor sign-in is on: the change needs a code too. */
  codeRequired: "two_factor_code_required",
  notEnrolling: "two_factor_not_enrolling",
  alreadyEnabled: "two_factor_already_enabled",
  notEnabled: "two_factor_not_enabled",
  keyMissing: "two_factor_key_missing",
} as const;
