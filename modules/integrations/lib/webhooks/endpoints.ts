import { isLocale } from "@/lib/i18n/config";
import "server-only";
import crypto from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { requireTelephonyKey } from "@/lib/security/encryption-key";
import { openBound, sealBound } from "@/lib/security/secret-box";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  webhookErrorCodes,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEvent,
} from "./schemas";
import { newWebhookSecret } from "./sign";

// A manager's webhook endpoints: every lookup inside the manager's organization
// (another team's endpoint is 404), the signing secret sealed at rest under the key that seals
// line secrets (lib/security/secret-box.ts), bound to the endpoint, and shown once.

const context = (endpointId: string) => `dialflow-webhook:${endpointId}`;

export function openEndpointSecret(endpointId: string, sealed: string) {
  return openBound(requireTelephonyKey(), context(endpointId), sealed);
}

const known = new Set<string>(WEBHOOK_EVENTS);
const endpointSelect = {
  id: true,
  url: true,
  events: true,
  status: true,
  pausedAt: true,
  pausedReason: true,
  createdAt: true,
} as const;

type EndpointRow = {
  id: string;
  url: string;
  events: string[];
  status: "active" | "paused";
  pausedAt: Date | null;
  pausedReason: string | null;
  createdAt: Date;
};

const toDto = (r: EndpointRow): WebhookEndpointDto => ({
  id: r.id,
  url: r.url,
  events: r.events.filter((e): e is WebhookEvent => known.has(e)),
  status: r.status,
  pausedAt: r.pausedAt?.toISOString() ?? null,
  pausedReason: r.pausedReason,
  createdAt: r.createdAt.toISOString(),
});

export async function listEndpoints(session: UserSession) {
  const db = await getDb();
  const rows = await db.webhookEndpoint.findMany({
    where: { organizationId: session.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: endpointSelect,
  });
  return { endpoints: rows.map(toDto) };
}

export async function createEndpoint(
  session: UserSession,
  body: { url: string; events: WebhookEvent[] },
  ip: string | null,
  locale?: string,
) {
  const url = new URL(body.url);
  if (url.protocol !== "https:" && !env.WEBHOOK_ALLOW_PRIVATE) {
    throw new ApiError("validation", "url: Enter the endpoint's https URL", {
      code: webhookErrorCodes.notHttps,
      details: { fields: { url: "Enter the endpoint's https URL" } },
    });
  }
  if (url.username || url.password) {
    throw new ApiError("validation", "url: Put no credentials in the URL", {
      code: webhookErrorCodes.credentials,
      details: { fields: { url: "Put no credentials in the URL" } },
    });
  }
  const db = await getDb();
  const count = await db.webhookEndpoint.count({
    where: { organizationId: session.organizationId },
  });
  if (count >= WEBHOOK_ENDPOINTS_MAX) {
    throw new ApiError("conflict", `At most ${WEBHOOK_ENDPOINTS_MAX} endpoints`, {
      code: webhookErrorCodes.limit,
    });
  }
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  const row = await db.webhookEndpoint.create({
    data: {
      id,
      organizationId: session.organizationId,
      locale: isLocale(locale) ? locale : null,
      createdById: session.userId,
      url: url.toString(),
      events: body.events,
      secretSealed: sealBound(requireTelephonyKey(), context(id), secret),
      // callback.due reports appointments that fall due from now on, not the backlog.
      callbacksScannedTo: new Date(),
    },
    select: endpointSelect,
  });
  await recordAudit({
    actor: session.username,
    action: "webhook.create",
    outcome: "success",
    target: id,
    clientIp: ip,
    detail: { url: row.url, events: row.events },
    fold: false,
  });
  return { endpoint: toDto(row), secret };
}

async function ownEndpoint(session: UserSession, id: string) {
  const db = await getDb();
  const row = await db.webhookEndpoint.findFirst({
    where: { id, organizationId: session.organizationId },
    select: endpointSelect,
  });
  if (!row) throw new ApiError("not_found", "Webhook endpoint not found");
  return row;
}

/** Resumes a paused endpoint: the deliveries it held go out with the next drain. */
export async function resumeEndpoint(session: UserSession, id: string, ip: string | null) {
  await ownEndpoint(session, id);
  const db = await getDb();
  const row = await db.webhookEndpoint.update({
    where: { id },
    data: { status: "active", pausedAt: null, pausedReason: null },
    select: endpointSelect,
  });
  // Held deliveries start again now rather than at their old back-off times.
  await db.webhookDelivery.updateMany({
    where: { endpointId: id, status: "pending" },
    data: { nextAttemptAt: new Date() },
  });
  await recordAudit({
    actor: session.username,
    action: "webhook.resume",
    outcome: "success",
    target: id,
    clientIp: ip,
    fold: false,
  });
  return { endpoint: toDto(row) };
}

export async function deleteEndpoint(session: UserSession, id: string, ip: string | null) {
  const row = await ownEndpoint(session, id);
  const db = await getDb();
  await db.webhookEndpoint.delete({ where: { id } });
  await recordAudit({
    actor: session.username,
    action: "webhook.delete",
    outcome: "success",
    target: id,
    clientIp: ip,
    detail: { url: row.url },
    fold: false,
  });
}

const deliverySelect = {
  id: true,
  event: true,
  subject: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
} as const;

type DeliveryRow = {
  id: string;
  event: string;
  subject: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
};

const deliveryDto = (r: DeliveryRow): WebhookDeliveryDto => ({
  id: r.id,
  event: r.event as WebhookEvent,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
});

export const DELIVERY_LOG_MAX = 100;

/** The endpoint's latest deliveries, newest first. */
export async function listDeliveries(session: UserSession, id: string) {
  await ownEndpoint(session, id);
  const db = await getDb();
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERY_LOG_MAX,
    select: deliverySelect,
  });
  return { deliveries: rows.map(deliveryDto) };
}

/** Sends a delivery's body again, as a new message (its own id) due now. */
export async function replayDelivery(
  session: UserSession,
  id: string,
  deliveryId: string,
  ip: string | null,
) {
  await ownEndpoint(session, id);
  const db = await getDb();
  const original = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId: id },
    select: { event: true, subject: true, payload: true, organizationId: true },
  });
  if (!original) throw new ApiError("not_found", "Delivery not found");
  const row = await db.webhookDelivery.create({
    data: {
      id: newMessageId(),
      endpointId: id,
      organizationId: original.organizationId,
      event: original.event,
      subject: original.subject,
      payload: original.payload,
      nextAttemptAt: new Date(),
    },
    select: deliverySelect,
  });
  await recordAudit({
    actor: session.username,
    action: "webhook.replay",
    outcome: "success",
    target: deliveryId,
    clientIp: ip,
    detail: { endpoint: id, replay: row.id },
    fold: false,
  });
  return { delivery: deliveryDto(row) };
}

export const newMessageId = () => `msg_${crypto.randomUUID().replace(/-/g, "")}`;
