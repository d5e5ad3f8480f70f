import "server-only";
import { recordAudit } from "@/lib/audit";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { webhookPausedMail } from "@/lib/email/mail-content";
import { sendMail } from "@/lib/email/mailer";
import { appUrl, env } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import { creatorMayReceive } from "./creator-standing";
import { openEndpointSecret } from "./endpoints";
import { buildPayload } from "./payloads";
import { postWebhook } from "./send";
import { webhookHeaders } from "./sign";

// The outbox drain. Rows are queued by database triggers in the writer's transaction
// (migration 20261127093921_integrations) and, for callback.due, by the scan below. A drain
// claims due rows of active endpoints (FOR UPDATE SKIP LOCKED, then a lease), so concurrent
// drains (several instances, the timer and the cron) never send one row twice at once; a drain
// that dies mid-send leaves its rows to be retried when the lease runs out. Only rows whose
// endpoint's creator may still read the event are claimed (./creator-standing.ts).

/**
 * Back-off after each failed attempt (exponential, about a day in all): after the last one the
 * delivery fails for good and its endpoint is paused, the team's managers told.
 */
export const RETRY_DELAYS_MS = [
  30_000,
  120_000,
  600_000,
  1_800_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  10 * 3_600_000,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

type Claimed = {
  id: string;
  endpointId: string;
  organizationId: string;
  event: string;
  subject: string;
  payload: string | null;
  attempts: number;
  createdAt: Date;
  url: string;
  secretSealed: string;
};

/** Queues callback.due for appointments that fell due since each endpoint's last scan. */
export async function queueDueCallbacks(now: Date) {
  const db = await getDb();
  const queued = await db.$executeRaw`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "organizationId", "event", "subject",
      "dedupeKey", "status", "attempts", "nextAttemptAt", "createdAt")
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e."id", e."organizationId",
      'callback.due', a."placeId" || '/' || a."itemId",
      'callback.due:' || a."placeId" || '/' || a."itemId" || '@' || a."dueAt"::text,
      'pending', 0, ${now}::timestamp(3), ${now}::timestamp(3)
    FROM "WebhookEndpoint" e
    JOIN "AccountItem" a ON a."organizationId" = e."organizationId"
      AND a."kind" = 'appointment' AND a."deleted" = false
      AND a."dueAt" > COALESCE(e."callbacksScannedTo", e."createdAt")
      AND a."dueAt" <= ${now}::timestamp(3)
    WHERE e."status" = 'active' AND 'callback.due' = ANY (e."events")
      AND ${creatorMayReceive(Prisma.sql`'callback.due'`)}
    ON CONFLICT ("endpointId", "dedupeKey") DO NOTHING`;
  await db.$executeRaw`
    UPDATE "WebhookEndpoint" SET "callbacksScannedTo" = ${now}::timestamp(3)
    WHERE "status" = 'active' AND 'callback.due' = ANY ("events")
      AND ("callbacksScannedTo" IS NULL OR "callbacksScannedTo" < ${now}::timestamp(3))`;
  return queued;
}

async function claim(now: Date, limit: number): Promise<Claimed[]> {
  const db = await getDb();
  const lease = new Date(now.getTime() + env.WEBHOOK_TIMEOUT_MS + 60_000);
  return db.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT d."id" FROM "WebhookDelivery" d
      JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
      WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now}::timestamp(3)
        AND e."status" = 'active' AND ${creatorMayReceive(Prisma.sql`d."event"`)}
      ORDER BY d."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE "WebhookDelivery" d SET "nextAttemptAt" = ${lease}::timestamp(3)
    FROM due, "WebhookEndpoint" e
    WHERE d."id" = due."id" AND e."id" = d."endpointId"
    RETURNING d."id", d."endpointId", d."organizationId", d."event", d."subject", d."payload",
      d."attempts", d."createdAt", e."url", e."secretSealed"`;
}

type Options = { now?: Date; limit?: number; allowPrivate?: boolean };

/** Sends what is due; returns how many were delivered and failed. */
export async function drainWebhooks(opts: Options = {}) {
  const now = opts.now ?? new Date();
  const allowPrivate = opts.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE;
  // Most deployments have no endpoint: one indexed probe every few seconds, nothing more.
  const db = await getDb();
  const any = await db.webhookEndpoint.findFirst({
    where: { status: "active" },
    select: { id: true },
  });
  if (!any) return { delivered: 0, failed: 0 };
  await queueDueCallbacks(now);
  const rows = await claim(now, opts.limit ?? 50);
  const results = await Promise.all(rows.map((row) => attempt(row, now, allowPrivate)));
  return {
    delivered: results.filter((r) => r === "delivered").length,
    failed: results.filter((r) => r !== "delivered").length,
  };
}

async function attempt(row: Claimed, now: Date, allowPrivate: boolean) {
  const db = await getDb();
  let body = row.payload;
  if (body === null) {
    body = JSON.stringify(await buildPayload(row));
    await db.webhookDelivery.update({ where: { id: row.id }, data: { payload: body } });
  }
  let secret: string;
  try {
    secret = openEndpointSecret(row.endpointId, row.secretSealed);
  } catch (err) {
    return record(row, now, { ok: false, status: null, error: `Secret: ${errorMessage(err)}` });
  }
  const result = await postWebhook(
    row.url,
    body,
    webhookHeaders(secret, row.id, body, new Date()),
    {
      allowPrivate,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    },
  );
  return record(row, now, result);
}

async function record(
  row: Claimed,
  now: Date,
  result: { ok: true; status: number } | { ok: false; status: number | null; error: string },
) {
  const db = await getDb();
  const attempts = row.attempts + 1;
  if (result.ok) {
    await db.webhookDelivery.update({
      where: { id: row.id },
      data: {
        status: "delivered",
        attempts,
        lastAttemptAt: now,
        lastStatusCode: result.status,
        lastError: null,
        deliveredAt: now,
      },
    });
    return "delivered" as const;
  }
  const final = attempts >= MAX_ATTEMPTS;
  await db.webhookDelivery.update({
    where: { id: row.id },
    data: {
      status: final ? "failed" : "pending",
      attempts,
      lastAttemptAt: now,
      lastStatusCode: result.status,
      lastError: result.error.slice(0, 500),
      nextAttemptAt: final ? now : new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]!),
    },
  });
  if (final) await pauseEndpoint(row, now, result.error);
  return "failed" as const;
}

/** A delivery failed for a day: the endpoint stops receiving until a manager resumes it. */
async function pauseEndpoint(row: Claimed, now: Date, error: string) {
  const db = await getDb();
  const reason = `Deliveries failed for a day (last: ${error.slice(0, 200)})`;
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id: row.endpointId, status: "active" },
    data: { status: "paused", pausedAt: now, pausedReason: reason },
  });
  if (!count) return;
  await recordAudit({
    actor: "system",
    action: "webhook.paused",
    outcome: "failure",
    target: row.endpointId,
    detail: { url: row.url, error: error.slice(0, 200) },
    fold: false,
  });
  const [managers, endpoint] = await Promise.all([
    db.user.findMany({
      where: {
        organizationId: row.organizationId,
        role: "manager",
        disabled: false,
        email: { not: null },
      },
      select: { email: true },
    }),
    db.webhookEndpoint.findUnique({ where: { id: row.endpointId }, select: { locale: true } }),
  ]);
  const mail = webhookPausedMail({
    locale: endpoint?.locale ?? undefined,
    url: row.url,
    error: error.slice(0, 200),
    settingsLink: `${appUrl}/app/settings`,
  });
  await Promise.all(
    managers.map((m) =>
      sendMail({ ...mail, to: m.email!, purpose: "webhook paused" }).catch((err) =>
        log.warn("webhook paused mail failed", { error: errorMessage(err) }),
      ),
    ),
  );
}

/** Drains every WEBHOOK_DRAIN_SECONDS without keeping the process alive (long-running server). */
export function scheduleWebhookDrain() {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await drainWebhooks();
    } catch (err) {
      log.warn("webhook drain failed", { error: errorMessage(err) });
    } finally {
      running = false;
    }
  };
  setInterval(() => void run(), env.WEBHOOK_DRAIN_SECONDS * 1000).unref();
}
