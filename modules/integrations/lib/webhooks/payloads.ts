import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { callDtos, callSelect } from "@/modules/calls/lib/dto";
import { getDb } from "@/lib/db/client";
import { webhookPayloadSchemas, type WebhookEvent } from "./schemas";

// The body of an event, built when its delivery is first attempted (moments after the event)
// and then kept, so that every retry and the delivery log send the same bytes. The shape is the
// Standard Webhooks one: { type, timestamp, data }, data as the REST API answers it.

export async function buildPayload(delivery: {
  event: string;
  subject: string;
  organizationId: string;
  createdAt: Date;
}): Promise<Prisma.InputJsonValue> {
  const event = delivery.event as WebhookEvent;
  const data = await dataOf(event, delivery);
  // As respond() does for the API: a body that drifted from its documented schema is a bug here.
  return webhookPayloadSchemas[event].parse({
    type: event,
    timestamp: delivery.createdAt.toISOString(),
    data,
  }) as Prisma.InputJsonValue;
}

async function dataOf(
  event: WebhookEvent,
  d: { subject: string; organizationId: string },
): Promise<Prisma.InputJsonObject> {
  const db = await getDb();
  switch (event) {
    case "call.completed":
    case "call.outcome_set": {
      const row = await db.call.findFirst({
        where: { id: d.subject, organizationId: d.organizationId },
        select: callSelect,
      });
      if (!row) return { callId: d.subject, deleted: true };
      const [call] = await callDtos(d.organizationId, [row]);
      return { call: call as unknown as Prisma.InputJsonObject };
    }
    case "do_not_call.added": {
      const row = await db.doNotCallNumber.findFirst({
        where: { organizationId: d.organizationId, number: d.subject },
        select: { number: true, note: true, addedBy: true, createdAt: true },
      });
      return {
        entry: row
          ? { ...row, createdAt: row.createdAt.toISOString() }
          : { number: d.subject, note: null, addedBy: null, createdAt: null },
      };
    }
    case "callback.due": {
      const slash = d.subject.lastIndexOf("/");
      const placeId = d.subject.slice(0, slash);
      const itemId = d.subject.slice(slash + 1);
      const [item, account] = await Promise.all([
        db.accountItem.findFirst({
          where: { organizationId: d.organizationId, placeId, kind: "appointment", itemId },
          select: { dueAt: true, data: true, createdBy: { select: { username: true } } },
        }),
        db.account.findFirst({
          where: { organizationId: d.organizationId, placeId },
          select: { name: true, phone: true },
        }),
      ]);
      const data = (item?.data ?? {}) as { durationMin?: unknown; note?: unknown };
      return {
        callback: {
          placeId,
          itemId,
          dueAt: item?.dueAt?.toISOString() ?? null,
          durationMin: typeof data.durationMin === "number" ? data.durationMin : null,
          note: typeof data.note === "string" ? data.note : null,
          bookedBy: item?.createdBy.username ?? null,
          business: account ?? null,
        },
      };
    }
  }
}
