import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import type {
  CallerIdNumber as CallerIdRow,
  Prisma,
  TelephonyLine,
} from "@/lib/generated/prisma/client";
import { callerIdView } from "./caller-id-schemas";
import { requireTelephonyKey, keySource, telephonyKey } from "@/lib/security/encryption-key";
import { lineErrorText } from "./line-rules";
import { defaultWebSocket, runLineTest, type WebSocketConstructor } from "./line-test";
import { runLineSafetyChecks } from "./line-safety";
import { openSecret, sealSecret, SecretBoxError } from "@/lib/security/secret-box";
import {
  iceServerSchema,
  type IceServer,
  type LineSettings,
  type LineSettingsBody,
  type LineTestResult,
  type OperatorLine,
  type TelephonyOrganization,
  type TelephonyOverview,
} from "./schemas";

// Organizations' phone lines as the operator console manages them, and the one place that
// decrypts a line's secret (for minting credentials, signing call authorisations and the line
// test). The secret is never returned by anything here except readLineSecret.

/** Organizations per console answer; the product has a handful, a directory of thousands is not its shape. */
export const overviewMax = 500;

const iceServersOf = (json: Prisma.JsonValue): IceServer[] => {
  const parsed = iceServerSchema.array().safeParse(json);
  return parsed.success ? parsed.data : [];
};

export function publicSettings(row: TelephonyLine): LineSettings {
  return {
    wsUrl: row.wsUrl,
    sipDomain: row.sipDomain,
    iceServers: iceServersOf(row.iceServers),
    dtmfMode: row.dtmfMode,
    credentialMode: row.credentialMode,
  };
}

function readable(row: TelephonyLine) {
  const key = telephonyKey();
  if (!key) return false;
  try {
    openSecret(key, row.organizationId, row.secretCiphertext);
    return true;
  } catch {
    return false;
  }
}

function operatorLine(row: TelephonyLine): OperatorLine {
  return {
    ...publicSettings(row),
    secretState: readable(row) ? "set" : "unreadable",
    secretSetAt: row.secretSetAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

type OrgRow = {
  id: string;
  name: string;
  callerId: string | null;
  telephonyLine: TelephonyLine | null;
  callerIds: CallerIdRow[];
};
const orgSelect = {
  id: true,
  name: true,
  callerId: true,
  telephonyLine: true,
  callerIds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.OrganizationSelect;

const toOrganization = (org: OrgRow): TelephonyOrganization => ({
  id: org.id,
  name: org.name,
  callerId: org.callerId,
  line: org.telephonyLine ? operatorLine(org.telephonyLine) : null,
  callerIds: org.callerIds.map(callerIdView),
});

export async function telephonyOverview(): Promise<TelephonyOverview> {
  const db = await getDb();
  const rows = await db.organization.findMany({
    orderBy: { name: "asc" },
    take: overviewMax + 1,
    select: orgSelect,
  });
  return {
    encryption: { source: keySource() },
    organizations: rows.slice(0, overviewMax).map(toOrganization),
    truncated: rows.length > overviewMax,
  };
}

export const organizationNotFound = () =>
  new ApiError("not_found", "Organization not found", { code: "organization_not_found" });

export async function organizationTelephony(organizationId: string) {
  const db = await getDb();
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: orgSelect,
  });
  if (!org) throw organizationNotFound();
  return toOrganization(org);
}

/** What an audit event may say about a line: no secret, no TURN credentials. */
export function auditSettings(s: LineSettings) {
  return {
    wsUrl: s.wsUrl,
    sipDomain: s.sipDomain,
    iceServers: s.iceServers.map((i) => i.urls),
    dtmfMode: s.dtmfMode,
    credentialMode: s.credentialMode,
  };
}

function changedFields(before: LineSettings | null, after: LineSettings, secret: boolean) {
  const fields = (
    ["wsUrl", "sipDomain", "iceServers", "dtmfMode", "credentialMode"] as const
  ).filter((f) => !before || JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  return secret ? [...fields, "secret"] : fields;
}

const secretRequired = () =>
  new ApiError("validation", `secret: ${lineErrorText.secretRequired}`, {
    details: { fields: { secret: lineErrorText.secretRequired } },
  });

/**
 * Creates or replaces an organization's line. The secret is kept when the body has none, and
 * required when there is none yet. Returns what changed, for the audit event.
 */
export async function saveLine(organizationId: string, operator: string, body: LineSettingsBody) {
  const db = await getDb();
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: orgSelect,
  });
  if (!org) throw organizationNotFound();
  const existing = org.telephonyLine;
  if (!existing && !body.secret) throw secretRequired();
  const settings: LineSettings = {
    wsUrl: body.wsUrl,
    sipDomain: body.sipDomain,
    iceServers: body.iceServers.map((s) => ({
      urls: s.urls,
      ...(s.username ? { username: s.username } : {}),
      ...(s.credential ? { credential: s.credential } : {}),
    })),
    dtmfMode: body.dtmfMode,
    credentialMode: body.credentialMode,
  };
  const data = {
    ...settings,
    iceServers: settings.iceServers as Prisma.InputJsonValue,
    updatedBy: operator,
  };
  if (body.secret) {
    const secret = {
      secretCiphertext: sealSecret(requireTelephonyKey(), organizationId, body.secret),
      secretSetAt: new Date(),
    };
    await db.telephonyLine.upsert({
      where: { organizationId },
      create: { organizationId, ...data, ...secret },
      update: { ...data, ...secret },
    });
  } else {
    // Keeps the stored secret; a line removed meanwhile is not recreated without one.
    const { count } = await db.telephonyLine.updateMany({ where: { organizationId }, data });
    if (count === 0) throw secretRequired();
  }
  return {
    created: !existing,
    changed: changedFields(
      existing ? publicSettings(existing) : null,
      settings,
      Boolean(body.secret),
    ),
    settings,
    organization: await organizationTelephony(organizationId),
  };
}

export async function removeLine(organizationId: string) {
  const db = await getDb();
  const { count } = await db.telephonyLine.deleteMany({ where: { organizationId } });
  if (count === 0) {
    throw new ApiError("not_found", "This organization has no phone line", {
      code: "telephony_not_configured",
    });
  }
}

export const notConfigured = () =>
  new ApiError("not_found", "Your team has no phone line", { code: "telephony_not_configured" });

/** The line's secret in clear, for this request only; 503 when this server cannot read it. */
export function readLineSecret(row: TelephonyLine): string {
  const key = requireTelephonyKey();
  try {
    return openSecret(key, row.organizationId, row.secretCiphertext);
  } catch (err) {
    const mismatch = err instanceof SecretBoxError && err.reason === "key_mismatch";
    throw new ApiError(
      "unavailable",
      mismatch
        ? "The line's secret was stored with another TELEPHONY_ENCRYPTION_KEY: enter it again"
        : "The line's secret cannot be read: enter it again",
      { code: "telephony_secret_unreadable" },
    );
  }
}

export async function lineOf(organizationId: string) {
  const db = await getDb();
  return db.telephonyLine.findUnique({ where: { organizationId } });
}

/** The console's test of one organization's line: the result, or why it could not run. */
export async function testOrganizationLine(
  row: TelephonyLine,
  options: { timeoutMs?: number; WebSocket?: WebSocketConstructor } = {},
): Promise<LineTestResult> {
  let secret: string;
  try {
    secret = readLineSecret(row);
  } catch {
    return {
      ok: false,
      code: "secret_unreadable",
      connected: false,
      registered: false,
      status: null,
      reason: null,
      subprotocol: null,
      connectMs: null,
      registerMs: null,
      totalMs: 0,
      testedAt: new Date().toISOString(),
      safety: null,
    };
  }
  const result = await runLineTest(row, secret, options);
  if (!result.registered) return result;
  const WebSocket = options.WebSocket ?? (await defaultWebSocket());
  const safety = await runLineSafetyChecks(
    { ...row, iceServers: iceServersOf(row.iceServers) },
    secret,
    { WebSocket },
  );
  return { ...result, safety };
}
