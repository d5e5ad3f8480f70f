import "server-only";
import { ApiError } from "@/lib/api/errors";
import { auditStatement, recordAudit } from "@/lib/audit";
import { verifyPassword } from "@/lib/auth/password";
import { beginAttempt, runTogether } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  auditActions,
  readSecondFactor,
  recoveryCodesLeft,
  tablesOf,
  type TwoFactorOwner,
} from "@/lib/two-factor/accounts";
import { twoFactorErrorCodes } from "@/lib/two-factor/schemas";
import { storedRecoveryCode } from "@/lib/two-factor/recovery-codes";
import { stepUp } from "@/lib/two-factor/step-up";
import { consumeSecondFactor } from "@/lib/two-factor/verify-code";
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
} from "@/lib/two-factor/totp";
import { sendAccountNotice } from "./notice";

// Setting up and switching off the second factor of a rep (Profile, Settings) or an operator (the
// console): the same rules for both, in each kind's own tables (lib/two-factor/accounts.ts). Only reps have a
// mail address, so only they get the notice mails.

type Ctx = { owner: TwoFactorOwner; ip: string | null; locale?: string };
const auditOf = ({ owner, ip }: Ctx, action: string) => ({
  actor: owner.username,
  action,
  target: owner.username,
  clientIp: ip,
});

async function readOwn(owner: TwoFactorOwner) {
  const account = await readSecondFactor(owner.kind, owner.id);
  if (!account) throw new ApiError("unauthorized", "Your session has ended");
  return account;
}

/** Where the notice mails of a rep go (an operator has no address). */
async function mailAddress(owner: TwoFactorOwner) {
  if (owner.kind !== "user") return null;
  const db = await getDb();
  return db.user.findUnique({
    where: { id: owner.id },
    select: { email: true, emailVerified: true },
  });
}

async function notify(
  ctx: Ctx,
  notice: "twoFactorEnabled" | "twoFactorDisabled",
  account: { email: string | null; emailVerified: boolean } | null,
  at: Date,
) {
  if (!account) return;
  await sendAccountNotice(notice, {
    actor: ctx.owner.username,
    clientIp: ctx.ip,
    account,
    locale: ctx.locale,
    at,
  });
}

export async function twoFactorStatus(owner: TwoFactorOwner) {
  const account = await readOwn(owner);
  return {
    enabled: account.totpEnabledAt !== null,
    enabledAt: account.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: account.totpEnabledAt ? await recoveryCodesLeft(owner.kind, owner.id) : 0,
  };
}

/** A new secret, kept pending until a code confirms it; a second call replaces the first. */
export async function beginEnrolment({ owner }: Ctx) {
  const db = await getDb();
  const { secret, otpauthUri } = newTotpSecret(owner.username);
  const sealed = sealTotpSecret(owner.kind, owner.id, secret);
  const count = await db.$executeRaw`
    UPDATE ${tablesOf(owner.kind).account} SET "totpPendingSecret" = ${sealed}
    WHERE "id" = ${owner.id}::uuid AND "totpEnabledAt" IS NULL`;
  if (!count) {
    throw new ApiError("conflict", "Two-factor sign-in is already on", {
      code: twoFactorErrorCodes.alreadyEnabled,
    });
  }
  return { secret, otpauthUri };
}

/**
 * The current password and a correct code from the pending secret switch two-factor sign-in on:
 * the secret becomes the account's, the code's step is the last one used, ten new recovery codes
 * replace any old ones; all in one statement with the audit event. The codes are returned once
 * and kept only hashed. The password is asked (under the sign-in throttle) because switching it
 * on ends the other sessions: with a stolen session alone it would lock the owner out.
 */
export async function confirmEnrolment(ctx: Ctx, body: { code: string; password: string }) {
  const db = await getDb();
  const { owner } = ctx;
  const t = tablesOf(owner.kind);
  const actions = auditActions(owner.kind);
  const code = body.code;
  const user = await readOwn(owner);
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
  await stepUp(owner, ctx.ip, { password: body.password }, { action: actions.enable });
  const now = new Date();
  const step = matchTotp(
    openTotpSecret(owner.kind, owner.id, user.totpPendingSecret),
    code,
    now.getTime(),
  );
  if (step === null) {
    await recordAudit({ ...auditOf(ctx, actions.enable), outcome: "failure" });
    throw new ApiError("bad_request", "The code is not correct", {
      code: twoFactorErrorCodes.wrongCode,
      details: { fields: { code: "The code is not correct" } },
    });
  }
  const codes = newRecoveryCodes();
  const stored = await Promise.all(codes.map((c) => storedRecoveryCode(c.replace("-", ""))));
  const rows = stored.map(
    (hash) =>
      Prisma.sql`(${crypto.randomUUID()}::uuid, ${owner.id}::uuid, ${hash}::text, ${now}::timestamp(3))`,
  );
  // Guarded on the pending secret read above: a set-up restarted meanwhile is not switched on.
  const [row] = await db.$queryRaw<{ on: bigint | number; ended: bigint | number }[]>`
    WITH upd AS (
      UPDATE ${t.account} SET "totpSecret" = "totpPendingSecret", "totpPendingSecret" = NULL,
        "totpEnabledAt" = ${now}, "totpLastStep" = ${step}, "updatedAt" = ${now}
      WHERE "id" = ${owner.id}::uuid AND "totpEnabledAt" IS NULL
        AND "totpPendingSecret" = ${user.totpPendingSecret}
      RETURNING "id"
    ),
    old AS (DELETE FROM ${t.codes} WHERE ${t.owner} IN (SELECT "id" FROM upd) RETURNING "id"),
    ended AS (
      UPDATE "Session" SET "revokedAt" = ${now}
      WHERE ${t.owner} IN (SELECT "id" FROM upd) AND "id" <> ${owner.sid}::uuid
        AND "revokedAt" IS NULL AND "expiresAt" > ${now}
      RETURNING "id"
    ),
    ins AS (
      INSERT INTO ${t.codes} ("id", ${t.owner}, "codeHash", "createdAt")
      SELECT v.* FROM (VALUES ${Prisma.join(rows)}) AS v("id", "owner", "codeHash", "createdAt")
      WHERE EXISTS (SELECT 1 FROM upd)
      RETURNING "id"
    ),
    audit AS (${auditStatement({ ...auditOf(ctx, actions.enable), outcome: "success" }, now)})
    SELECT (SELECT count(*) FROM upd) AS "on", (SELECT count(*) FROM ended) AS "ended"`;
  if (!Number(row?.on ?? 0)) {
    throw new ApiError("conflict", "Start the set-up again", {
      code: twoFactorErrorCodes.notEnrolling,
    });
  }
  await notify(ctx, "twoFactorEnabled", await mailAddress(owner), now);
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
  const { owner, ip } = ctx;
  const t = tablesOf(owner.kind);
  const audit = auditOf(ctx, auditActions(owner.kind).disable);
  const verdict = await beginAttempt(owner.kind, owner.username, ip);
  if (!verdict.allowed) {
    await recordAudit({ ...audit, outcome: "throttled" });
    throw new ApiError("rate_limited", "Too many wrong attempts. Try again later.", {
      code: twoFactorErrorCodes.throttled,
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }
  let failure: { field: "password" | "code"; message: string; code: string } | null = null;
  try {
    const account = await readOwn(owner);
    if (!account.totpEnabledAt || !account.totpSecret) {
      throw new ApiError("conflict", "Two-factor sign-in is off", {
        code: twoFactorErrorCodes.notEnabled,
      });
    }
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      failure = {
        field: "password",
        message: "The password is not correct",
        code: twoFactorErrorCodes.wrongPassword,
      };
    } else {
      const result = await consumeSecondFactor(
        owner.kind,
        { id: owner.id, totpSecret: account.totpSecret },
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
  const now = new Date();
  await runTogether([
    ...verdict.releaseStatements("success"),
    Prisma.sql`UPDATE ${t.account} SET "totpSecret" = NULL, "totpPendingSecret" = NULL,
      "totpEnabledAt" = NULL, "totpLastStep" = NULL, "updatedAt" = ${now}
      WHERE "id" = ${owner.id}::uuid`,
    Prisma.sql`DELETE FROM ${t.codes} WHERE ${t.owner} = ${owner.id}::uuid`,
    auditStatement({ ...audit, outcome: "success" }),
  ]);
  await notify(ctx, "twoFactorDisabled", await mailAddress(owner), now);
  return { ok: true as const };
}
