import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement, recordAudit } from "@/lib/audit";
import { newSession } from "@/lib/auth/sessions";
import { beginAttempt, runTogether } from "@/lib/auth/throttle";
import { auditActions, readSecondFactor, recoveryCodesLeft, type TwoFactorKind } from "./accounts";
import { challengeMatches, verifyChallenge } from "./challenge";
import { twoFactorErrorCodes } from "./schemas";
import { consumeSecondFactor } from "./verify-code";

const expired = () =>
  new ApiError("unauthorized", "The sign-in has expired. Sign in again.", {
    code: twoFactorErrorCodes.challengeInvalid,
  });

/**
 * The second step of a sign-in, for a rep or an operator: the challenge from a correct password
 * and a code. Wrong codes count on the same throttle counters as wrong passwords (the password
 * step frees its slot without clearing them, so alternating a known password and guessed codes
 * gains nothing); a correct code clears them, opens the session and writes the audit event in
 * one statement.
 */
export async function completeTwoFactorSignIn(
  kind: TwoFactorKind,
  body: { challenge: string; code: string },
  clientIp: string | null,
) {
  const claims = await verifyChallenge(kind, body.challenge);
  if (!claims) throw expired();
  const account = await readSecondFactor(kind, claims.accountId);
  if (
    !account ||
    account.disabled ||
    !account.totpEnabledAt ||
    !account.totpSecret ||
    !challengeMatches(claims, account.passwordHash)
  ) {
    throw expired();
  }
  const action = auditActions(kind).login;
  const audit = { actor: account.username, action, target: account.username, clientIp };
  const verdict = await beginAttempt(kind, account.username, clientIp);
  if (!verdict.allowed) {
    await recordAudit({ ...audit, outcome: "throttled" });
    throw new ApiError("rate_limited", "Too many wrong codes. Try again later.", {
      code: twoFactorErrorCodes.throttled,
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }

  let result;
  try {
    result = await consumeSecondFactor(
      kind,
      { id: account.id, totpSecret: account.totpSecret },
      body.code,
    );
  } catch (err) {
    await verdict.release("error");
    throw err;
  }
  if (!result.ok) {
    await runTogether([
      ...verdict.releaseStatements("failure"),
      auditStatement({ ...audit, outcome: "failure", detail: { reason: result.reason } }),
    ]);
    throw result.reason === "replayed"
      ? new ApiError("unauthorized", "That code was already used. Wait for the next one.", {
          code: twoFactorErrorCodes.replayed,
        })
      : new ApiError("unauthorized", "The code is not correct", {
          code: twoFactorErrorCodes.wrongCode,
        });
  }

  const session = await newSession(kind, account.id, clientIp);
  await runTogether([
    ...verdict.releaseStatements("success"),
    session.insert,
    auditStatement({ ...audit, outcome: "success", detail: { method: result.method } }),
    ...(result.method === "recovery"
      ? [
          auditStatement({
            ...audit,
            action: kind === "user" ? "auth.2fa.recovery_used" : "admin.2fa.recovery_used",
            outcome: "success",
            detail: { left: Math.max(0, await recoveryCodesLeft(kind, account.id)) },
          }),
        ]
      : []),
  ]);
  return { token: session.token, expiresAt: session.expiresAt, username: account.username };
}
