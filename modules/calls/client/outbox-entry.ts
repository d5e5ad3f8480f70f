import * as r from "@/lib/client/rules";

// One request the browser still owes the server about a call: the call record itself
// (PUT /api/calls/:id) or its disposition (PUT /api/calls/:id/disposition). Kept in local storage
// (./storage-keys.ts, callOutboxKey) until the server has it. The body is sent as it
// was queued; the server validates it, so here it only has to be a JSON object. Checked with
// lib/client/rules.ts, not zod: the outbox is in every /app page's first load.

export const OUTBOX_KINDS = ["call", "disposition"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** A long day offline is a few hundred calls; past this the oldest entries give way. */
export const OUTBOX_MAX_ENTRIES = 2000;

export type OutboxEntry = {
  kind: OutboxKind;
  callId: string;
  body: Record<string, unknown>;
  /** Grows with every write: a flush removes an entry only if no newer body replaced it meanwhile. */
  rev: number;
  queuedAt: number;
};

export const outboxEntrySchema: r.Rule<OutboxEntry> = r.object({
  kind: r.oneOf(OUTBOX_KINDS),
  callId: r.uuid,
  body: r.jsonObject,
  rev: r.count,
  queuedAt: r.count,
});

export const outboxSchema = r.array(outboxEntrySchema, { max: OUTBOX_MAX_ENTRIES });
