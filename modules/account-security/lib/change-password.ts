import "server-only";
import { auditStatement } from "@/lib/audit";
import { hashPassword } from "@/lib/auth/password";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { stepUp } from "@/lib/two-factor/step-up";
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
 * A rep changes their own password. The current password (and a current code when two-factor
 * sign-in is on) is checked under the sign-in throttle (lib/two-factor/step-up.ts: guessing it here
 * earns no attempts beyond what the sign-in screen allows, and a correct one clears them as a
 * sign-in would). Then one statement stores the new hash, ends every other session of the account
 * (the caller's stays) and writes the audit event; then the account's verified address is told
 * by mail.
 */
export async function changePassword({ session, body, ip, locale }: ChangePasswordRequest) {
  const audit = { actor: session.username, action, target: session.username, clientIp: ip };
  await stepUp(
    { kind: "user", id: session.userId, username: session.username },
    ip,
    { password: body.currentPassword, code: body.code },
    { action, passwordField: "currentPassword", throttledCode: passwordErrorCodes.throttled },
  );
  const db = await getDb();
  const account = await db.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { email: true, emailVerified: true },
  });
  // Hashed before anything is written, so the writes below are one quick statement.
  const newHash = await hashPassword(body.newPassword);

  const now = new Date();
  // Data-modifying WITH clauses: the new hash, the other sessions' end and the audit event commit
  // together or not at all, and the count of ended sessions comes back.
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
    audit AS (${auditStatement({ ...audit, outcome: "success" }, now)})
    SELECT (SELECT count(*) FROM ended) AS "ended"`;
  const otherSessionsEnded = Number(row?.ended ?? 0);

  await sendAccountNotice("passwordChanged", { ...audit, account, locale, at: now });
  return { ok: true as const, otherSessionsEnded };
}
