import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb, queryRows } from "@/lib/db/client";
import { stepUp } from "@/lib/two-factor/step-up";
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEYS_MAX,
  type ApiKeyDto,
  type ApiKeyScope,
} from "./api-key-schemas";

// An organization's REST API keys. The key is 32 random bytes: only its SHA-256 is
// stored (a key that high in entropy needs no slow hash; a lookup by hash is one index probe),
// and its first characters are kept apart as the visible prefix. Managers create and revoke
// them (with their password: lib/two-factor/step-up.ts); a request with one acts for the key's
// organization as the key's creator with their current role (./v1/with-api-key.ts checks each
// route's permission), so a key stops working once its creator is deactivated or leaves the
// organization, and loses what a demotion takes (docs/security.md).

export const hashApiKey = (secret: string) =>
  crypto.createHash("sha256").update(secret, "utf8").digest("hex");

const select = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { username: true } },
} as const;

type Row = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: { username: string };
};

const known = new Set<string>(API_KEY_SCOPES);
const toDto = (row: Row): ApiKeyDto => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes.filter((s): s is ApiKeyScope => known.has(s)),
  createdBy: row.createdBy.username,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The organization's keys, newest first, revoked ones included (they say when). */
export async function listApiKeys(session: UserSession) {
  const db = await getDb();
  const rows = await db.apiKey.findMany({
    where: { organizationId: session.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select,
  });
  return { keys: rows.map(toDto) };
}

/** A new key: the secret is in this answer only. */
export async function createApiKey(
  session: UserSession,
  body: { name: string; scopes: ApiKeyScope[]; password: string; code?: string },
  ip: string | null,
) {
  await stepUp(
    { kind: "user", id: session.userId, username: session.username },
    ip,
    { password: body.password, code: body.code },
    { action: "api_key.create" },
  );
  const db = await getDb();
  const live = await db.apiKey.count({
    where: { organizationId: session.organizationId, revokedAt: null },
  });
  if (live >= API_KEYS_MAX) {
    throw new ApiError("conflict", `At most ${API_KEYS_MAX} keys; revoke one first`, {
      code: "api_keys_limit",
    });
  }
  const secret = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const row = await db.apiKey.create({
    data: {
      organizationId: session.organizationId,
      createdById: session.userId,
      name: body.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 8),
      hash: hashApiKey(secret),
      scopes: body.scopes,
    },
    select,
  });
  await recordAudit({
    actor: session.username,
    action: "api_key.create",
    outcome: "success",
    target: row.id,
    clientIp: ip,
    detail: { name: row.name, prefix: row.prefix, scopes: row.scopes },
    fold: false,
  });
  return { key: toDto(row), secret };
}

/** Revokes one of the organization's keys (another team's key is 404; revoking twice is fine). */
export async function revokeApiKey(session: UserSession, id: string, ip: string | null) {
  const db = await getDb();
  const key = await db.apiKey.findFirst({
    where: { id, organizationId: session.organizationId },
    select: { id: true, prefix: true, revokedAt: true },
  });
  if (!key) throw new ApiError("not_found", "API key not found");
  if (!key.revokedAt) {
    await db.apiKey.updateMany({
      where: { id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    await recordAudit({
      actor: session.username,
      action: "api_key.revoke",
      outcome: "success",
      target: id,
      clientIp: ip,
      detail: { prefix: key.prefix },
      fold: false,
    });
  }
}

export type ApiKeyPrincipal = {
  keyId: string;
  prefix: string;
  scopes: ReadonlySet<string>;
  /** The key's organization, and its creator as the member its writes are made as. */
  session: UserSession;
};

type KeyRow = {
  id: string;
  prefix: string;
  scopes: string[];
  organizationId: string;
  /** lastUsedAt is within the last minute: no write needed. */
  fresh: boolean;
  userId: string;
  username: string;
  role: UserSession["role"];
};

// One statement: the live key joined to its creator, who must still be an active member of the
// key's organization.
const liveKeySql = `
  SELECT k."id", k."prefix", k."scopes", k."organizationId",
    (k."lastUsedAt" IS NOT NULL AND k."lastUsedAt" > $2::timestamp) AS "fresh",
    u."id" AS "userId", u."username", u."role"::text AS "role"
  FROM "ApiKey" k JOIN "User" u ON u."id" = k."createdById"
  WHERE k."hash" = $1 AND k."revokedAt" IS NULL
    AND u."disabled" = false AND u."organizationId" = k."organizationId"`;

const LAST_USED_GRANULARITY_MS = 60_000;

/** The key behind a bearer secret, or null (unknown, revoked, its creator gone). */
export async function authenticateApiKey(secret: string): Promise<ApiKeyPrincipal | null> {
  if (!API_KEY_PATTERN.test(secret)) return null;
  const now = new Date();
  const [row] = await queryRows<KeyRow>(liveKeySql, [
    hashApiKey(secret),
    new Date(now.getTime() - LAST_USED_GRANULARITY_MS).toISOString(),
  ]);
  if (!row) return null;
  if (!row.fresh) {
    const db = await getDb();
    await db.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return {
    keyId: row.id,
    prefix: row.prefix,
    scopes: new Set(row.scopes),
    session: {
      kind: "user",
      sid: row.id,
      userId: row.userId,
      username: row.username,
      organizationId: row.organizationId,
      role: row.role,
      email: null,
      emailVerified: false,
      // A key is a credential of its own, made by a manager (who had a second factor if the
      // team requires one); the sign-in rule is for people.
      mustEnrolTwoFactor: false,
    },
  };
}
