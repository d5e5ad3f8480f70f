/**
 * Webhooks: the events, and the bodies of the Settings screen's routes, shared by the
 * route handlers and the browser (browser-safe, no server code).
 */
import { z } from "zod";
import { callDtoSchema } from "@/modules/calls/lib/schemas";

export const WEBHOOK_EVENTS = [
  "call.completed",
  "call.outcome_set",
  "do_not_call.added",
  "callback.due",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_ENDPOINTS_MAX = 10;

/** The refusals of POST /api/integrations/webhooks the screen names in words of its own. */
export const webhookErrorCodes = {
  notHttps: "webhook_url_not_https",
  credentials: "webhook_url_credentials",
  limit: "webhooks_limit",
} as const;

export const webhookCreateBodySchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: "Enter the endpoint's https URL" })
    .max(2000, "At most 2000 characters"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, "Choose at least one event")
    .transform((e) => [...new Set(e)].sort()),
});
export type WebhookCreateBody = z.input<typeof webhookCreateBodySchema>;

const isoTime = z.iso.datetime({ offset: true });

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(["active", "paused"]),
  pausedAt: isoTime.nullable(),
  pausedReason: z.string().nullable(),
  createdAt: isoTime,
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
});
/** The one answer that carries the signing secret. */
export const webhookCreatedResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });
export const webhookParamsSchema = z.object({ id: z.uuid() });
/** PATCH: resume a paused endpoint (its held deliveries go out again). */
export const webhookPatchBodySchema = z.object({ status: z.literal("active") });
export const webhookDeletedResponseSchema = z.object({ deleted: z.literal(true) });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  subject: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: isoTime.nullable(),
  lastAttemptAt: isoTime.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoTime,
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid(),
  deliveryId: z.string().max(64),
});
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });

// The bodies DialFlow posts (Standard Webhooks: { type, timestamp, data }), one schema per
// event: modules/integrations/lib/webhooks/payloads.ts checks every body against its schema before it
// is sent, and the OpenAPI document's `webhooks` section is generated from the same schemas.
const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: z.iso.datetime(), data });

const callEventData = z.union([
  z.object({ call: callDtoSchema }),
  /** The call was deleted before the event was sent. */
  z.object({ callId: z.string(), deleted: z.literal(true) }),
]);

export const webhookPayloadSchemas = {
  "call.completed": envelope("call.completed", callEventData),
  "call.outcome_set": envelope("call.outcome_set", callEventData),
  "do_not_call.added": envelope(
    "do_not_call.added",
    z.object({
      entry: z.object({
        number: z.string(),
        note: z.string().nullable(),
        addedBy: z.string().nullable(),
        /** null when the number was taken off the list before the event was sent. */
        createdAt: z.iso.datetime().nullable(),
      }),
    }),
  ),
  "callback.due": envelope(
    "callback.due",
    z.object({
      callback: z.object({
        placeId: z.string(),
        itemId: z.string(),
        dueAt: z.iso.datetime().nullable(),
        durationMin: z.number().int().nullable(),
        note: z.string().nullable(),
        bookedBy: z.string().nullable(),
        business: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
      }),
    }),
  ),
} as const satisfies Record<WebhookEvent, z.ZodType>;
