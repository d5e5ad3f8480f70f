import * as r from "@/lib/client/rules";
import { RECORD_KINDS, type ItemChange } from "./items";

// One item change the server has not confirmed yet, in the rep's records outbox
// (./outbox-key.ts, recordsOutboxKey). Zod-free like the call outbox's entries: the
// storage registry is in every /app page's first load.

/** A long day offline on many businesses; past this the oldest changes give way. */
export const RECORDS_OUTBOX_MAX = 5000;

export type RecordsOutboxEntry = ItemChange & {
  placeId: string;
  /** Grows with every write: a sent change is removed only if no newer one replaced it. */
  rev: number;
  queuedAt: number;
};

export const recordsOutboxEntryRule: r.Rule<RecordsOutboxEntry> = r.object({
  placeId: r.string({ min: 1, max: 512 }),
  kind: r.oneOf(RECORD_KINDS),
  itemId: r.string({ min: 1, max: 200 }),
  op: r.oneOf(["put", "delete"] as const),
  data: r.unknownValue,
  legacy: r.optional(r.boolean),
  rev: r.count,
  queuedAt: r.count,
});

export const recordsOutboxRule = r.array(recordsOutboxEntryRule, { max: RECORDS_OUTBOX_MAX });
