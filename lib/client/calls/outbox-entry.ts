import { z } from "zod";

// One request the browser still owes the server about a call: the call record itself
// (PUT /api/calls/:id) or its disposition (PUT /api/calls/:id/disposition). Kept in local storage
// (lib/client/storage/keys.ts, callOutboxKey) until the server has it. The body is sent as it
// was queued; the server validates it, so here it only has to be a JSON object.

export const OUTBOX_KINDS = ["call", "disposition"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** A long day offline is a few hundred calls; past this the oldest entries give way. */
export const OUTBOX_MAX_ENTRIES = 2000;

const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

export const outboxEntrySchema = z.object({
  kind: z.enum(OUTBOX_KINDS),
  callId: z.uuid(),
  body: z.record(z.string(), jsonValue),
  /** Grows with every write: a flush removes an entry only if no newer body replaced it meanwhile. */
  rev: z.number().int().nonnegative(),
  queuedAt: z.number().int().nonnegative(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxSchema = z.array(outboxEntrySchema).max(OUTBOX_MAX_ENTRIES);
