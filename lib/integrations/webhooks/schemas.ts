/**
 * Webhooks (issue 33): the events, and the bodies of the Settings screen's routes, shared by the
 * route handlers and the browser (browser-safe, no server code).
 */
import { z } from "zod";

export const WEBHOOK_EVENTS = [
  "call.completed",
  "call.outcome_set",
  "do_not_call.added",
  "callback.due",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_ENDPOINTS_MAX = 10;

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
