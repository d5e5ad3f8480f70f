import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Db } from "@/lib/db/client";

/**
 * An operator's reset of a rep's second factor (the users CLI's `2fa-reset`), for a rep who lost
 * both the phone and the recovery codes: the secret, any pending set-up and the recovery codes
 * go, so the next sign-in takes the password alone and the rep can enrol again. Audited with who
 * did it; the rep's sessions are left as they are (the rep is who asked).
 */
export async function resetTwoFactor(db: Db, username: string, actor = "cli") {
  const user = await db.user.findUnique({
    where: { username },
    select: { id: true, totpEnabledAt: true },
  });
  if (!user) throw new Error(`No rep named ${username}`);
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
    db.recoveryCode.deleteMany({ where: { userId: user.id } }),
  ]);
  await recordAudit(
    {
      actor,
      action: "user.2fa.reset",
      target: username,
      outcome: "success",
      detail: { wasEnabled: user.totpEnabledAt !== null },
      fold: false,
    },
    db,
  );
  return { wasEnabled: user.totpEnabledAt !== null };
}
