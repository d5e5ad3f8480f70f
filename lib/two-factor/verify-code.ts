import "server-only";
import { getDb } from "@/lib/db/client";
import { isTotpCode } from "./schemas";
import { hashRecoveryCode, matchTotp, openTotpSecret } from "./totp";

export type SecondFactorResult =
  { ok: true; method: "totp" | "recovery" } | { ok: false; reason: "incorrect" | "replayed" };

/**
 * Checks a normalized code against a user's enabled second factor and consumes it: a TOTP code's
 * step is stored with a guarded update (only a later step than the last one accepted wins, so a
 * code is good once, also against a concurrent request); a recovery code is marked used with a
 * guarded update too (only while unused).
 */
export async function consumeSecondFactor(
  user: { id: string; totpSecret: string },
  code: string,
): Promise<SecondFactorResult> {
  const db = await getDb();
  const now = new Date();
  if (isTotpCode(code)) {
    const step = matchTotp(openTotpSecret(user.id, user.totpSecret), code, now.getTime());
    if (step === null) return { ok: false, reason: "incorrect" };
    const won = await db.$executeRaw`
      UPDATE "User" SET "totpLastStep" = ${step}
      WHERE "id" = ${user.id}::uuid AND "totpEnabledAt" IS NOT NULL
        AND ("totpLastStep" IS NULL OR "totpLastStep" < ${step})`;
    return won ? { ok: true, method: "totp" } : { ok: false, reason: "replayed" };
  }
  const used = await db.$executeRaw`
    UPDATE "RecoveryCode" SET "usedAt" = ${now}
    WHERE "userId" = ${user.id}::uuid AND "codeHash" = ${hashRecoveryCode(code)}
      AND "usedAt" IS NULL`;
  return used ? { ok: true, method: "recovery" } : { ok: false, reason: "incorrect" };
}

export async function recoveryCodesLeft(userId: string) {
  const db = await getDb();
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}
