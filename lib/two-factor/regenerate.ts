import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { auditActions, readSecondFactor, tablesOf, type TwoFactorOwner } from "./accounts";
import { storedRecoveryCode } from "./recovery-codes";
import { twoFactorErrorCodes } from "./schemas";
import { stepUp } from "./step-up";
import { newRecoveryCodes } from "./totp";

/**
 * Ten new recovery codes replace every old one (used or not), for the password and a current
 * code: the old ones may have been seen. One statement with the audit event; the codes are
 * answered once and kept only hashed.
 */
export async function regenerateRecoveryCodes(
  owner: TwoFactorOwner,
  ip: string | null,
  proof: { password: string; code: string },
) {
  const action = auditActions(owner.kind).recoveryCodes;
  const account = await readSecondFactor(owner.kind, owner.id);
  if (!account?.totpEnabledAt) {
    throw new ApiError("conflict", "Two-factor sign-in is off", {
      code: twoFactorErrorCodes.notEnabled,
    });
  }
  await stepUp(owner, ip, proof, { action });
  const codes = newRecoveryCodes();
  const stored = await Promise.all(codes.map((c) => storedRecoveryCode(c.replace("-", ""))));
  const now = new Date();
  const t = tablesOf(owner.kind);
  const rows = stored.map(
    (hash) =>
      Prisma.sql`(${crypto.randomUUID()}::uuid, ${owner.id}::uuid, ${hash}::text, ${now}::timestamp(3))`,
  );
  const db = await getDb();
  await db.$queryRaw`
    WITH old AS (DELETE FROM ${t.codes} WHERE ${t.owner} = ${owner.id}::uuid RETURNING "id"),
    ins AS (
      INSERT INTO ${t.codes} ("id", ${t.owner}, "codeHash", "createdAt")
      SELECT v.* FROM (VALUES ${Prisma.join(rows)}) AS v("id", "owner", "codeHash", "createdAt")
      RETURNING "id"
    ),
    audit AS (${auditStatement(
      { actor: owner.username, action, target: owner.username, clientIp: ip, outcome: "success" },
      now,
    )})
    SELECT (SELECT count(*) FROM ins) AS "added"`;
  return { ok: true as const, recoveryCodes: codes };
}
