import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement, recordAudit } from "@/lib/audit";
import { verifyPassword } from "@/lib/auth/password";
import type { UserSession } from "@/lib/auth/sessions";
import { beginAttempt, runTogether } from "@/lib/auth/throttle";
import { sendAccountNotice } from "@/lib/account-security/notice";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { twoFactorErrorCodes } from "./schemas";
import { consumeSecondFactor, recoveryCodesLeft } from "./verify-code";
import {
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
} from "./totp";

type Ctx = { session: UserSession; ip: string | null; locale?: string };
const auditOf = ({ session, ip }: Ctx, action: string) => ({
  actor: session.username,
  action,
  target: session.username,
  clientIp: ip,
});

export async function twoFactorStatus(session: UserSession) {
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { totpEnabledAt: true },
  });
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? await recoveryCodesLeft(session.userId) : 0,
  };
}

/** A new secret, kept pending until a code confirms it; a second call replaces the first. */
export async function beginEnrolment({ session }: Ctx) {
  const db = await getDb();
  const { secret, otpauthUri } = newTotpSecret(session.username);
  const { count } = await db.user.updateMany({
    where: { id: session.userId, totpEnabledAt: null },
    data: { totpPendingSecret: sealTotpSecret(session.userId, secret) },
  });
  if (!count) {
    throw new ApiError("conflict", "Two-factor sign-in is already on", {
      code: twoFactorErrorCodes.alreadyEnabled,
    });
  }
  return { secret, otpauthUri };
}

/**
 * A correct code from the pending secret switches two-factor sign-in on: the secret becomes the
 * account's, the code's step is the last one used, ten new recovery codes replace any old ones;
 * all in one statement with the audit event. The codes are returned once and kept only hashed.
 */
export async function confirmEnrolment(ctx: Ctx, code: string) {
  const db = await getDb();
  const { session } = ctx;
  const user = await db.user.findUniqueOrThrow({
    where: { id: session.userId },
    select: { totpPendingSecret: true, totpEnabledAt: true, email: true, emailVerified: true },
  });
  if (user.totpEnabledAt) {
    throw new ApiError("conflict", "Two-factor sign-in is already on", {
      code: twoFactorErrorCodes.alreadyEnabled,
    });
  }
  if (!user.totpPendingSecret) {
    throw new ApiError("conflict", "Start the set-up again", {
      code: twoFactorErrorCodes.notEnrolling,
    });
  }
  const now = new Date();
  const step = matchTotp(
    openTotpSecret(session.userId, user.totpPendingSecret),
    code,
    now.getTime(),
  );
  if (step === null) {
    await recordAudit({ ...auditOf(ctx, "auth.2fa.enable"), outcome: "failure" });
    throw new ApiError("bad_request", "The code is not correct", {
      code: twoFactorErrorCodes.wrongCode,
      details: { fields: { code: "The code is not correct" } },
    });
  }
  const codes = newRecoveryCodes();
  const rows = codes.map(
    (c) =>
      Prisma.sql`(${crypto.randomUUID()}::uuid, ${session.userId}::uuid, ${hashRecoveryCode(c.replace("-", ""))}::text, ${now}::timestamp(3))`,
  );
  // Guarded on the pending secret read above: a set-up restarted meanwhile is not switched on.
  const [row] = await db.$queryRaw<{ on: bigint | number; ended: bigint | number }[]>`
    WITH upd AS (
      UPDATE "User" SET "totpSecret" = "totpPendingSecret", "totpPendingSecret" = NULL,
        "totpEnabledAt" = ${now}, "totpLastStep" = ${step}, "updatedAt" = ${now}
      WHERE "id" = ${session.userId}::uuid AND "totpEnabledAt" IS NULL
        AND "totpPendingSecret" = ${user.totpPendingSecret}
      RETURNING "id"
    ),
    old AS (DELETE FROM "RecoveryCode" WHERE "userId" IN (SELECT "id" FROM upd) RETURNING "id"),
    ended AS (
      UPDATE "Session" SET "revokedAt" = ${now}
      WHERE "userId" IN (SELECT "id" FROM upd) AND "id" <> ${session.sid}::uuid
        AND "revokedAt" IS NULL AND "expiresAt" > ${now}
      RETURNING "id"
    ),
    ins AS (
      INSERT INTO "RecoveryCode" ("id", "userId", "codeHash", "createdAt")
      SELECT v.* FROM (VALUES ${Prisma.join(rows)}) AS v("id", "userId", "codeHash", "createdAt")
      WHERE EXISTS (SELECT 1 FROM upd)
      RETURNING "id"
    ),
    audit AS (${auditStatement({ ...auditOf(ctx, "auth.2fa.enable"), outcome: "success" }, now)})
    SELECT (SELECT count(*) FROM upd) AS "on", (SELECT count(*) FROM ended) AS "ended"`;
  if (!Number(row?.on ?? 0)) {
    throw new ApiError("conflict", "Start the set-up again", {
      code: twoFactorErrorCodes.notEnrolling,
    });
  }
  await sendAccountNotice("twoFactorEnabled", {
    actor: session.username,
    clientIp: ctx.ip,
    account: user,
    locale: ctx.locale,
    at: now,
  });
  return {
    ok: true as const,
    recoveryCodes: codes,
    otherSessionsEnded: Number(row?.ended ?? 0),
  };
}

/**
 * Switching it off takes the current password and a code (or a recovery code), checked under the
 * sign-in throttle like a password change: a stolen open session alone cannot remove the factor.
 */
export async function disableTwoFactor(ctx: Ctx, body: { password: string; code: string }) {
  const { session, ip } = ctx;
  const audit = auditOf(ctx, "auth.2fa.disable");
  const verdict = await beginAttempt("user", session.username, ip);
  if (!verdict.allowed) {
    await recordAudit({ ...audit, outcome: "throttled" });
    throw new ApiError("rate_limited", "Too many wrong attempts. Try again later.", {
      code: twoFactorErrorCodes.throttled,
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }
  const db = await getDb();
  let failure: { field: "password" | "code"; message: string; code: string } | null = null;
  let account: { email: string | null; emailVerified: boolean } | null = null;
  try {
    const user = await db.user.findUniqueOrThrow({
      where: { id: session.userId },
      select: {
        passwordHash: true,
        totpSecret: true,
        totpEnabledAt: true,
        email: true,
        emailVerified: true,
      },
    });
    account = user;
    if (!user.totpEnabledAt || !user.totpSecret) {
      await verdict.release("error");
      throw new ApiError("conflict", "Two-factor sign-in is off", {
        code: twoFactorErrorCodes.notEnabled,
      });
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      failure = {
        field: "password",
        message: "The password is not correct",
        code: twoFactorErrorCodes.wrongPassword,
      };
    } else {
      const result = await consumeSecondFactor(
        { id: session.userId, totpSecret: user.totpSecret },
        body.code,
      );
      if (!result.ok) {
        failure =
          result.reason === "replayed"
            ? {
                field: "code",
                message: "That code was already used",
                code: twoFactorErrorCodes.replayed,
              }
            : {
                field: "code",
                message: "The code is not correct",
                code: twoFactorErrorCodes.wrongCode,
              };
      }
    }
  } catch (err) {
    await verdict.release("error");
    throw err;
  }
  if (failure) {
    await runTogether([
      ...verdict.releaseStatements("failure"),
      auditStatement({ ...audit, outcome: "failure", detail: { reason: failure.field } }),
    ]);
    throw new ApiError("bad_request", failure.message, {
      code: failure.code,
      details: { fields: { [failure.field]: failure.message } },
    });
  }
  await runTogether([
    ...verdict.releaseStatements("success"),
    Prisma.sql`UPDATE "User" SET "totpSecret" = NULL, "totpPendingSecret" = NULL,
      "totpEnabledAt" = NULL, "totpLastStep" = NULL, "updatedAt" = ${new Date()}
      WHERE "id" = ${session.userId}::uuid`,
    Prisma.sql`DELETE FROM "RecoveryCode" WHERE "userId" = ${session.userId}::uuid`,
    auditStatement({ ...audit, outcome: "success" }),
  ]);
  if (account) {
    await sendAccountNotice("twoFactorDisabled", {
      actor: session.username,
      clientIp: ip,
      account,
      locale: ctx.locale,
      at: new Date(),
    });
  }
  return { ok: true as const };
}
