import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement, recordAudit } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { signChallenge } from "@/lib/two-factor/challenge";
import { verifyPassword } from "./password";
import type { LoginBody } from "./schemas";
import { newSession } from "./sessions";
import type { SessionKind } from "./tokens";
import { beginAttempt, runTogether } from "./throttle";

/** A session, or (an account with a second factor) the challenge the code step takes. */
export type LoginOutcome =
  | { challenge?: undefined; token: string; expiresAt: Date; username: string }
  | { challenge: string; username: string };

const invalidCredentials = "Invalid credentials";

async function findAccount(kind: SessionKind, username: string) {
  const db = await getDb();
  const account =
    kind === "user"
      ? await db.user.findUnique({ where: { username } })
      : await db.operator.findUnique({ where: { username } });
  return account && !account.disabled ? account : null;
}

/**
 * Checks credentials under the failed-login throttle and opens a session. Unknown users,
 * disabled users and wrong passwords take the same path (one argon2 verification each) and
 * get the same answer. Round trips: the throttle slot and the account are read together; after
 * the hash, one statement releases the slot, records the audit event and (on success) opens the
 * session, so the event is written with the outcome it records, never lost and never waited on
 * separately. An account with two-factor sign-in on (rep or operator) gets a challenge instead of
 * a session (lib/two-factor/sign-in.ts finishes the sign-in with a code).
 */
export async function login(
  kind: SessionKind,
  { username, password }: LoginBody,
  clientIp: string | null,
): Promise<LoginOutcome> {
  const action = kind === "user" ? "auth.login" : "admin.login";
  const accountRead = findAccount(kind, username);
  accountRead.catch(() => undefined); // awaited below; only when the throttle lets it through
  const verdict = await beginAttempt(kind, username, clientIp);
  if (!verdict.allowed) {
    await recordAudit({
      actor: username,
      action,
      target: username,
      outcome: "throttled",
      clientIp,
    });
    throw new ApiError("rate_limited", "Too many failed sign-in attempts. Try again later.", {
      code: "login_throttled",
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }

  let account: Awaited<ReturnType<typeof findAccount>>;
  try {
    account = await accountRead;
    const ok = await verifyPassword(account?.passwordHash ?? null, password);
    if (!account || !ok) account = null;
  } catch (err) {
    await verdict.release("error");
    throw err;
  }
  if (!account) {
    await runTogether([
      ...verdict.releaseStatements("failure"),
      auditStatement({ actor: username, action, target: username, outcome: "failure", clientIp }),
    ]);
    throw new ApiError("unauthorized", invalidCredentials, { code: "invalid_credentials" });
  }

  if (account.totpEnabledAt) {
    // The password is right but the sign-in is not done: the slot is freed without clearing
    // the counters, so wrong codes in the second step add to the failures before it.
    await verdict.release("error");
    await recordAudit({
      actor: account.username,
      action: kind === "user" ? "auth.login.password" : "admin.login.password",
      target: account.username,
      outcome: "success",
      clientIp,
    });
    return {
      challenge: await signChallenge(kind, account.id, account.passwordHash),
      username: account.username,
    };
  }

  const session = await newSession(kind, account.id, clientIp);
  await runTogether([
    ...verdict.releaseStatements("success"),
    session.insert,
    auditStatement({
      actor: account.username,
      action,
      target: account.username,
      outcome: "success",
      clientIp,
    }),
  ]);
  return { token: session.token, expiresAt: session.expiresAt, username: account.username };
}
