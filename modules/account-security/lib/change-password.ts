import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement, recordAudit } from "@/lib/audit";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { UserSession } from "@/lib/auth/sessions";
import { beginAttempt, runTogether } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendAccountNotice } from "./notice";
import { passwordErrorCodes, type ChangePasswordBody } from "./schemas";

const action = "auth.password.change";

export type ChangePasswordRequest = {
  session: UserSession;
  body: ChangePasswordBody;
  ip: string | null;
  locale: string | undefined;
};

/**
 * A rep changes their own password. The current password is checked under the sign-in throttle
 * (the same counters: guessing it here earns no attempts beyond what the sign-in screen allows,
 * and a correct one clears them as a sign-in would). On success one statement stores the new
 * hash, ends every other session of the account (the caller's stays), releases the throttle slot
 * and writes the audit event; then the account's verified address is told by mail.
 */
export async function changePassword({ session, body, ip, locale }: ChangePasswordRequest) {
  const audit = { actor: session.username, action, target: session.username, clientIp: ip };
  const verdict = await beginAttempt("user", session.username, ip);
  if (!verdict.allowed) {
    await recordAudit({ ...audit, outcome: "throttled" });
    throw new ApiError("rate_limited", "Too many wrong passwords. Try again later.", {
      code: passwordErrorCodes.throttled,
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }

  const db = await getDb();
  let account: { passwordHash: string; email: string | null; emailVerified: boolean } | null;
  let newHash: string;
  try {
    account = await db.user.findUnique({
      where: { id: session.userId },
      select: { passwordHash: true, email: true, emailVerified: true },
    });
    const ok = await verifyPassword(account?.passwordHash ?? null, body.currentPassword);
    if (!ok) account = null;
    // Hashed before anything is written, so the writes below are one quick statement.
    newHash = account ? await hashPassword(body.newPassword) : "";
  } catch (err) {
    await verdict.release("error");
    throw err;
  }

  if (!account) {
    await runTogether([
      ...verdict.releaseStatements("failure"),
      auditStatement({ ...audit, outcome: "failure" }),
    ]);
    throw new ApiError("bad_request", "The current password is not correct", {
      code: passwordErrorCodes.wrongCurrent,
      details: { fields: { currentPassword: "The current password is not correct" } },
    });
  }

  const now = new Date();
  // Data-modifying WITH clauses: the new hash, the other sessions' end, the throttle release and
  // the audit event commit together or not at all, and the count of ended sessions comes back.
  const statements = [
    ...verdict.releaseStatements("success"),
    auditStatement({ ...audit, outcome: "success" }, now),
  ];
  const parts = statements.map((sql, i) => Prisma.sql`${Prisma.raw(`s${i}`)} AS (${sql})`);
  const [row] = await db.$queryRaw<{ ended: bigint | number }[]>`
    WITH pw AS (
      UPDATE "User" SET "passwordHash" = ${newHash}, "updatedAt" = ${now}
      WHERE "id" = ${session.userId}::uuid RETURNING "id"
    ),
    ended AS (
      UPDATE "Session" SET "revokedAt" = ${now}
      WHERE "userId" IN (SELECT "id" FROM pw) AND "id" <> ${session.sid}::uuid
        AND "revokedAt" IS NULL AND "expiresAt" > ${now}
      RETURNING "id"
    ),
    ${Prisma.join(parts, ", ")}
    SELECT (SELECT count(*) FROM ended) AS "ended"`;
  const otherSessionsEnded = Number(row?.ended ?? 0);

  await sendAccountNotice("passwordChanged", { ...audit, account, locale, at: now });
  return { ok: true as const, otherSessionsEnded };
}
