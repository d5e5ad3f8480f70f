import { z } from "zod";

// Request and response shapes of the sign-in routes, shared by the route handlers and the
// browser's API client (no server-only import).

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(64, "Username is too long"),
  password: z.string().min(1, "Password is required").max(256, "Password is too long"),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/auth/login (spec 7: `{ token, user: { username } }`). */
export const loginResponseSchema = z.object({
  token: z.string().min(1),
  user: z.object({ username: z.string().min(1) }),
});

/** POST /api/admin/login. */
export const operatorLoginResponseSchema = z.object({ token: z.string().min(1) });
/** POST /api/admin/login when the operator has a second factor: no session until the code. */
export const operatorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().min(1),
});

/** POST /api/auth/logout. */
export const logoutResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/admin/ping. */
export const pingResponseSchema = z.object({
  ts: z.number(),
  /** The deployment requires operators' second factor (OPERATOR_REQUIRE_TWO_FACTOR). */
  twoFactorRequired: z.boolean(),
  /** The operator must set up a second factor before the console shows anything else. */
  mustEnrolTwoFactor: z.boolean(),
});
