import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Db } from "@/lib/db/client";

/**
 * Clears an account's second factor for someone who lost both the phone and the recovery codes:
 * the secret, any pending set-up and the recovery codes go, so the next sign-in takes the password
 * alone and the owner can enrol again. Audited with who did it; the account's sessions are left as
 * they are (its owner is who asked).
 */
export async function clearSecondFactor(
  db: Db,
  user: { id: string; username: string; totpEnabledAt: Date | null },
  actor: string,
  detail: Record<string, string> = {},
) {
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
  ]);
  const wasEnabled = user.totpEnabledAt !== null;
  await recordAudit(
    {
      actor,
      action: "user.2fa.reset",
      target: user.username,
      outcome: "success",
      detail: { ...detail, wasEnabled },
      fold: false,
    },
    db,
  );
  return { wasEnabled };
}

/**
 * The users CLI's `2fa-reset`, run by whoever runs the server: a rep of any organization or an
 * operator (who has no one above them in the app to ask), by username.
 */
export async function resetTwoFactor(db: Db, username: string, actor = "cli") {
  const user = await db.user.findUnique({
    where: { username },
    select: { id: true, username: true, totpEnabledAt: true },
  });
  if (user) return clearSecondFactor(db, user, actor);
  const operator = await db.operator.findUnique({
    where: { username },
    select: { id: true, username: true, totpEnabledAt: true },
  });
  if (!operator) throw new Error(`No rep or operator named ${username}`);
  await db.$transaction([
    db.operator.update({
      where: { id: operator.id },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
    db.operatorRecoveryCode.deleteMany({ where: { operatorId: operator.id } }),
  ]);
  const wasEnabled = operator.totpEnabledAt !== null;
  await recordAudit(
    {
      actor,
      action: "operator.2fa.reset",
      target: operator.username,
      outcome: "success",
      detail: { wasEnabled },
      fold: false,
    },
    db,
  );
  return { wasEnabled };
}
