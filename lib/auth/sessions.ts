import "server-only";
import crypto from "node:crypto";
import { getDb, queryRows, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { MemberRole } from "./permissions";
import { signSessionToken, verifySessionToken, type SessionKind } from "./tokens";

export type UserSession = {
  kind: "user";
  sid: string;
  userId: string;
  username: string;
  /** The rep's team: every query of rep data is scoped to it. */
  organizationId: string;
  /** The member's role in the team: what it allows is lib/auth/permissions.ts. */
  role: MemberRole;
  email: string | null;
  emailVerified: boolean;
  /**
   * The organization requires a second factor and this member has none yet: until they set it
   * up, only their own account's routes answer (lib/api/handler.ts) and /app shows the set-up.
   */
  mustEnrolTwoFactor: boolean;
};
export type OperatorSession = {
  kind: "operator";
  sid: string;
  operatorId: string;
  username: string;
  /**
   * The deployment requires operators to have a second factor (OPERATOR_REQUIRE_TWO_FACTOR) and
   * this one has none yet: only its set-up answers (lib/api/handler.ts) until it is on.
   */
  mustEnrolTwoFactor: boolean;
};

const lifetimeMs = (kind: SessionKind) =>
  kind === "user" ? env.USER_SESSION_HOURS * 3_600_000 : env.OPERATOR_SESSION_MINUTES * 60_000;

/**
 * A new session: the INSERT that records its row (for the caller to run, alone or with other
 * writes in one statement) and the signed token that names it.
 */
export async function newSession(kind: SessionKind, subjectId: string, clientIp: string | null) {
  const sid = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + lifetimeMs(kind));
  const insert = Prisma.sql`
    INSERT INTO "Session" ("id", "kind", "userId", "operatorId", "expiresAt", "clientIp")
    VALUES (${sid}::uuid, ${kind}, ${kind === "user" ? subjectId : null}::uuid,
      ${kind === "operator" ? subjectId : null}::uuid, ${expiresAt}, ${clientIp})`;
  return { insert, token: await signSessionToken(kind, subjectId, sid, expiresAt), expiresAt };
}

/** Records a session row and returns the signed token that names it. */
export async function issueSession(kind: SessionKind, subjectId: string, clientIp: string | null) {
  const db = await getDb();
  const { insert, token, expiresAt } = await newSession(kind, subjectId, clientIp);
  await db.$executeRaw(insert);
  return { token, expiresAt };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AccountRow = { id: string; username: string; disabled: boolean };
type OperatorRow = AccountRow & { noSecondFactor: boolean };
type UserRow = AccountRow & {
  email: string | null;
  emailVerified: boolean;
  organizationId: string;
  role: MemberRole;
  mustEnrol: boolean;
};

// The live session and its account. `$2` is now, as a UTC ISO string: the columns are
// timestamps without a zone, holding UTC (a zone in the value is ignored).
const liveUserSql = `
  SELECT a."id", a."username", a."disabled", a."email", a."emailVerified", a."organizationId",
    a."role"::text AS "role", (o."requireTwoFactor" AND a."totpEnabledAt" IS NULL) AS "mustEnrol"
  FROM "Session" s JOIN "User" a ON a."id" = s."userId"
    JOIN "Organization" o ON o."id" = a."organizationId"
  WHERE s."id" = $1::uuid AND s."kind" = 'user'
    AND s."revokedAt" IS NULL AND s."expiresAt" > $2::timestamp`;
const liveOperatorSql = `
  SELECT a."id", a."username", a."disabled", (a."totpEnabledAt" IS NULL) AS "noSecondFactor"
  FROM "Session" s JOIN "Operator" a ON a."id" = s."operatorId"
  WHERE s."id" = $1::uuid AND s."kind" = 'operator'
    AND s."revokedAt" IS NULL AND s."expiresAt" > $2::timestamp`;

/**
 * The live session behind a token and its account, in one statement: the session row joined to
 * the account (a request must not pay a round trip per table). Null for a bad signature, an
 * expired or revoked session, a disabled account or a token whose subject is not the row's.
 */
async function liveSession<K extends SessionKind>(kind: K, token: string) {
  const claims = await verifySessionToken(kind, token);
  if (!claims || !uuidPattern.test(claims.sid)) return null;
  const now = new Date().toISOString();
  const rows =
    kind === "user"
      ? await queryRows<UserRow>(liveUserSql, [claims.sid, now])
      : await queryRows<OperatorRow>(liveOperatorSql, [claims.sid, now]);
  const account = rows[0];
  if (!account || account.disabled || account.id !== claims.sub) return null;
  return { sid: claims.sid, account: account as K extends "user" ? UserRow : OperatorRow };
}

/**
 * The signed-in rep behind a bearer token: signature, expiry, revocation and account checked.
 * Carries the rep's email, so the profile needs no second query.
 */
export async function authenticateUser(token: string): Promise<UserSession | null> {
  const found = await liveSession("user", token);
  if (!found) return null;
  const { account } = found;
  return {
    kind: "user",
    sid: found.sid,
    userId: account.id,
    username: account.username,
    organizationId: account.organizationId,
    role: account.role,
    email: account.email,
    emailVerified: account.emailVerified,
    mustEnrolTwoFactor: account.mustEnrol === true,
  };
}

export async function authenticateOperator(token: string): Promise<OperatorSession | null> {
  const found = await liveSession("operator", token);
  if (!found) return null;
  return {
    kind: "operator",
    sid: found.sid,
    operatorId: found.account.id,
    username: found.account.username,
    mustEnrolTwoFactor: env.OPERATOR_REQUIRE_TWO_FACTOR && found.account.noSecondFactor === true,
  };
}

export async function revokeSession(sid: string) {
  const db = await getDb();
  await db.session.updateMany({
    where: { id: sid, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** Ends every session of a rep or operator (after disabling them or changing their password). */
export async function revokeAllSessions(
  where: { userId: string } | { operatorId: string },
  client?: Db,
) {
  const db = client ?? (await getDb());
  const { count } = await db.session.updateMany({
    where: { ...where, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
}
