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

/** An operator's reset through the users CLI's `2fa-reset`, by username in any organization. */
export async function resetTwoFactor(db: Db, username: string, actor = "cli") {
  const user = await db.user.findUnique({
    where: { username },
    select: { id: true, username: true, totpEnabledAt: true },
  });
  if (!user) throw new Error(`No rep named ${username}`);
  return clearSecondFactor(db, user, actor);
}
