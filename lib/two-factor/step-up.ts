import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement, recordAudit } from "@/lib/audit";
import { verifyPassword } from "@/lib/auth/password";
import { beginAttempt, runTogether } from "@/lib/auth/throttle";
import { readSecondFactor, type TwoFactorKind } from "./accounts";
import { twoFactorErrorCodes, type StepUpProof } from "./schemas";
import { consumeSecondFactor } from "./verify-code";

// Step-up for account changes: switching two-factor sign-in on, new recovery codes, a new
// password or e-mail address, a new API key. A bearer token alone (a stolen session) must not
// make them, so each asks for the current password, and the current second factor when it is
// on, checked under the sign-in throttle: a guess here counts as a wrong sign-in, and a right
// one clears the counters as a sign-in would.

export type StepUpAccount = { kind: TwoFactorKind; id: string; username: string };

type Options = {
  /** The audit action of the change (its refusals are written under it). */
  action: string;
  /** The body's name for the password, for the answer's field errors. */
  passwordField?: string;
  /** The answer's code when the throttle refuses. */
  throttledCode?: string;
};

type Failure = { field: string; message: string; code: string };

async function check(
  account: StepUpAccount,
  proof: StepUpProof,
  passwordField: string,
): Promise<Failure | null> {
  const row = await readSecondFactor(account.kind, account.id);
  if (!row || row.disabled) throw new ApiError("unauthorized", "Your session has ended");
  if (!(await verifyPassword(row.passwordHash, proof.password))) {
    const message = "The current password is not correct";
    return { field: passwordField, message, code: twoFactorErrorCodes.wrongPassword };
  }
  if (!row.totpEnabledAt || !row.totpSecret) return null;
  if (!proof.code) {
    const message = "Enter a code from your authenticator app";
    return { field: "code", message, code: twoFactorErrorCodes.codeRequired };
  }
  const result = await consumeSecondFactor(
    account.kind,
    { id: account.id, totpSecret: row.totpSecret },
    proof.code,
  );
  if (result.ok) return null;
  return result.reason === "replayed"
    ? { field: "code", message: "That code was already used", code: twoFactorErrorCodes.replayed }
    : { field: "code", message: "The code is not correct", code: twoFactorErrorCodes.wrongCode };
}

/** Resolves when the proof holds; otherwise throws the refusal (400, or 429 while throttled). */
export async function stepUp(
  account: StepUpAccount,
  ip: string | null,
  proof: StepUpProof,
  { action, passwordField = "password", throttledCode = twoFactorErrorCodes.throttled }: Options,
) {
  if (!proof.password) {
    const message = "Enter your current password";
    throw new ApiError("bad_request", message, {
      code: twoFactorErrorCodes.passwordRequired,
      details: { fields: { [passwordField]: message } },
    });
  }
  const audit = { actor: account.username, action, target: account.username, clientIp: ip };
  const verdict = await beginAttempt(account.kind, account.username, ip);
  if (!verdict.allowed) {
    await recordAudit({ ...audit, outcome: "throttled" });
    throw new ApiError("rate_limited", "Too many wrong attempts. Try again later.", {
      code: throttledCode,
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }
  let failure: Failure | null;
  try {
    failure = await check(account, proof, passwordField);
  } catch (err) {
    await verdict.release("error");
    throw err;
  }
  if (!failure) {
    await verdict.release("success");
    return;
  }
  await runTogether([
    ...verdict.releaseStatements("failure"),
    auditStatement({ ...audit, outcome: "failure", detail: { reason: failure.field } }),
  ]);
  throw new ApiError("bad_request", failure.message, {
    code: failure.code,
    details: { fields: { [failure.field]: failure.message } },
  });
}
