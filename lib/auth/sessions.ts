import "server-only";
import crypto from "node:crypto";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { signSessionToken, verifySessionToken, type SessionKind } from "./tokens";

export type UserSession = {
  kind: "user";
  sid: string;
  userId: string;
  username: string;
  /** The rep's team: every query of rep data is scoped to it. */
  organizationId: string;
};
export type OperatorSession = {
  kind: "operator";
  sid: string;
  operatorId: string;
  username: string;
};

const lifetimeMs = (kind: SessionKind) =>
  kind === "user" ? env.USER_SESSION_HOURS * 3_600_000 : env.OPERATOR_SESSION_MINUTES * 60_000;

/** Records a session row and returns the signed token that names it. */
export async function issueSession(kind: SessionKind, subjectId: string, clientIp: string) {
  const db = await getDb();
  const sid = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + lifetimeMs(kind));
  await db.session.create({
    data: {
      id: sid,
      kind,
      userId: kind === "user" ? subjectId : null,
      operatorId: kind === "operator" ? subjectId : null,
      expiresAt,
      clientIp,
    },
  });
  return { token: await signSessionToken(kind, subjectId, sid, expiresAt), expiresAt };
}

async function liveSessionRow(kind: SessionKind, token: string) {
  const claims = await verifySessionToken(kind, token);
  if (!claims) return null;
  const db = await getDb();
  const row = await db.session.findUnique({
    where: { id: claims.sid },
    include: { user: true, operator: true },
  });
  if (!row || row.kind !== kind || row.revokedAt || row.expiresAt <= new Date()) return null;
  return { claims, row };
}

/** The signed-in rep behind a bearer token: signature, expiry, revocation and account checked. */
export async function authenticateUser(token: string): Promise<UserSession | null> {
  const found = await liveSessionRow("user", token);
  const user = found?.row.user;
  if (!found || !user || user.disabled || user.id !== found.claims.sub) return null;
  return {
    kind: "user",
    sid: found.row.id,
    userId: user.id,
    username: user.username,
    organizationId: user.organizationId,
  };
}

export async function authenticateOperator(token: string): Promise<OperatorSession | null> {
  const found = await liveSessionRow("operator", token);
  const operator = found?.row.operator;
  if (!found || !operator || operator.disabled || operator.id !== found.claims.sub) return null;
  return {
    kind: "operator",
    sid: found.row.id,
    operatorId: operator.id,
    username: operator.username,
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
