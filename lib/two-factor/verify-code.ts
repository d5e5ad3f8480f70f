import "server-only";
import { getDb } from "@/lib/db/client";
import { tablesOf, type TwoFactorKind } from "./accounts";
import { isTotpCode } from "./schemas";
import { consumeRecoveryCode } from "./recovery-codes";
import { matchTotp, openTotpSecret } from "./totp";

export type SecondFactorResult =
  { ok: true; method: "totp" | "recovery" } | { ok: false; reason: "incorrect" | "replayed" };

/**
 * Checks a normalized code against an account's enabled second factor and consumes it: a TOTP
 * code's step is stored with a guarded update (only a later step than the last one accepted wins,
 * so a code is good once, also against a concurrent request); a recovery code is marked used with
 * a guarded update too (only while unused; ./recovery-codes.ts).
 */
export async function consumeSecondFactor(
  kind: TwoFactorKind,
  account: { id: string; totpSecret: string },
  code: string,
): Promise<SecondFactorResult> {
  const db = await getDb();
  const t = tablesOf(kind);
  const now = new Date();
  if (isTotpCode(code)) {
    const step = matchTotp(
      openTotpSecret(kind, account.id, account.totpSecret),
      code,
      now.getTime(),
    );
    if (step === null) return { ok: false, reason: "incorrect" };
    const won = await db.$executeRaw`
      UPDATE ${t.account} SET "totpLastStep" = ${step}
      WHERE "id" = ${account.id}::uuid AND "totpEnabledAt" IS NOT NULL
        AND ("totpLastStep" IS NULL OR "totpLastStep" < ${step})`;
    return won ? { ok: true, method: "totp" } : { ok: false, reason: "replayed" };
  }
  return (await consumeRecoveryCode(kind, account.id, code))
    ? { ok: true, method: "recovery" }
    : { ok: false, reason: "incorrect" };
}
