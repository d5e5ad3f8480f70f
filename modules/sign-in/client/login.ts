import "client-only";
import { apiClient, ApiClientError } from "@/lib/client/api-client";
import { checker, isNonEmptyString, isRecord } from "@/lib/client/checker";
import { clearSession, readSession, writeSession } from "@/lib/client/session";

/**
 * The login operation (spec sections 5 and 7): failure on a non-OK answer or an answer
 * without a token. 429 is told apart so the screen can say when to retry. Network failures
 * (and a browser that cannot store the session) throw, for the screen's network message.
 */
export type LoginResult =
  | { ok: true }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSec: number }
  /** The password was right and the account has a second factor: the code step comes next. */
  | { ok: false; reason: "two_factor"; challenge: string };

/** The second step's result: each refusal is told apart for the screen. */
export type SecondStepResult =
  | { ok: true }
  | { ok: false; reason: "incorrect" | "used" | "expired" }
  | { ok: false; reason: "throttled"; retryAfterSec: number };

/**
 * The answer of POST /api/auth/login, checked by hand: the sign-in page must not load zod. Same
 * shape as the route's `loginResponseSchema` (lib/auth/schemas.ts), which the server still
 * validates with zod; tests/unit/login-response.test.ts keeps the two in step.
 */
export const loginAnswer = checker(
  (value: unknown): value is { token: string; user: { username: string } } =>
    isRecord(value) &&
    isNonEmptyString(value.token) &&
    isRecord(value.user) &&
    isNonEmptyString(value.user.username),
  "Expected { token, user: { username } }",
);

/** The answer when a second factor is due; same shape as `twoFactorChallengeSchema`. */
export const challengeAnswer = checker(
  (
    value: unknown,
  ): value is { twoFactorRequired: true; challenge: string; user: { username: string } } =>
    isRecord(value) &&
    value.twoFactorRequired === true &&
    isNonEmptyString(value.challenge) &&
    isRecord(value.user) &&
    isNonEmptyString(value.user.username),
  "Expected { twoFactorRequired, challenge, user: { username } }",
);

const sessionOrChallenge = checker(
  (
    value: unknown,
  ): value is
    | { token: string; user: { username: string } }
    | { twoFactorRequired: true; challenge: string; user: { username: string } } =>
    loginAnswer.safeParse(value).success || challengeAnswer.safeParse(value).success,
  "Expected { token, user: { username } } or a two-factor challenge",
);

export async function login(username: string, password: string): Promise<LoginResult> {
  let answer;
  try {
    answer = await apiClient.post(
      "/api/auth/login",
      { username: username.trim(), password },
      { schema: sessionOrChallenge, credential: "none" },
    );
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.code === "network") throw error;
    if (error.status === 429) {
      return { ok: false, reason: "throttled", retryAfterSec: error.retryAfterSec ?? 60 };
    }
    return { ok: false, reason: "invalid" };
  }
  if ("challenge" in answer)
    return { ok: false, reason: "two_factor", challenge: answer.challenge };
  return store(answer);
}

function store(answer: { token: string; user: { username: string } }): { ok: true } {
  const stored = writeSession(answer.token, answer.user.username);
  if (!stored.ok) throw new Error(`session not stored: ${stored.reason}`);
  return { ok: true };
}

/** The code step (POST /api/auth/login/2fa): a 6-digit code or a recovery code. */
export async function loginSecondStep(challenge: string, code: string): Promise<SecondStepResult> {
  let answer;
  try {
    answer = await apiClient.post(
      "/api/auth/login/2fa",
      { challenge, code },
      { schema: loginAnswer, credential: "none" },
    );
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.code === "network") throw error;
    if (error.status === 429) {
      return { ok: false, reason: "throttled", retryAfterSec: error.retryAfterSec ?? 60 };
    }
    // The codes of lib/two-factor/schemas.ts (not imported: the sign-in page loads no zod).
    if (error.code === "two_factor_challenge_invalid") return { ok: false, reason: "expired" };
    if (error.code === "two_factor_code_used") return { ok: false, reason: "used" };
    return { ok: false, reason: "incorrect" };
  }
  return store(answer);
}

/**
 * The sign-in page is never served to a visitor with a valid session, so a token stored there is
 * one the server no longer accepts: forgotten before the form is used.
 */
export function forgetStaleSession(): void {
  if (readSession().token) clearSession();
}
