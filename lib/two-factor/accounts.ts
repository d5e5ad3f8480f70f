import "server-only";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SessionKind } from "@/lib/auth/tokens";

// Reps and operators keep a second factor the same way, in their own tables: the account's row
// (`User` or `Operator`, with the same totp columns) and its recovery codes (`RecoveryCode` by
// `userId`, `OperatorRecoveryCode` by `operatorId`). Every statement of lib/two-factor names its
// tables through this, never from input.

export type TwoFactorKind = SessionKind;

/** Who the second factor belongs to, as a signed-in session names them. */
export type TwoFactorOwner = { kind: TwoFactorKind; id: string; username: string; sid: string };

const tables = {
  user: {
    account: Prisma.raw(`"User"`),
    codes: Prisma.raw(`"RecoveryCode"`),
    owner: Prisma.raw(`"userId"`),
  },
  operator: {
    account: Prisma.raw(`"Operator"`),
    codes: Prisma.raw(`"OperatorRecoveryCode"`),
    owner: Prisma.raw(`"operatorId"`),
  },
} as const;

export const tablesOf = (kind: TwoFactorKind) => tables[kind];

/** The audit actions of each kind: a rep's keep the names they had before operators had one. */
export const auditActions = (kind: TwoFactorKind) =>
  kind === "user"
    ? {
        login: "auth.login.2fa",
        enable: "auth.2fa.enable",
        disable: "auth.2fa.disable",
        recoveryCodes: "auth.2fa.recovery_codes",
      }
    : {
        login: "admin.login.2fa",
        enable: "admin.2fa.enable",
        disable: "admin.2fa.disable",
        recoveryCodes: "admin.2fa.recovery_codes",
      };

const secondFactorColumns = {
  id: true,
  username: true,
  disabled: true,
  passwordHash: true,
  totpSecret: true,
  totpPendingSecret: true,
  totpEnabledAt: true,
} as const;

/** The account's password hash and second factor, or null. */
export async function readSecondFactor(kind: TwoFactorKind, id: string) {
  const db = await getDb();
  return kind === "user"
    ? db.user.findUnique({ where: { id }, select: secondFactorColumns })
    : db.operator.findUnique({ where: { id }, select: secondFactorColumns });
}

/** How many unused recovery codes the account has. */
export async function recoveryCodesLeft(kind: TwoFactorKind, id: string) {
  const db = await getDb();
  return kind === "user"
    ? db.recoveryCode.count({ where: { userId: id, usedAt: null } })
    : db.operatorRecoveryCode.count({ where: { operatorId: id, usedAt: null } });
}
