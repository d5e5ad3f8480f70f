import type { Disposition } from "@/lib/calls/dispositions";
import type { CallRecord } from "@/lib/dialer/types";

// What the browser sends about a call (PUT /api/calls/:id, PUT /api/calls/:id/disposition):
// plain JSON built from the dialer's record and the prompt's answers. Absent values are left
// out rather than sent as null, so a late retry can never clear a field the server already has.

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

function compact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== null));
}

export function callPutBody(record: CallRecord): Record<string, unknown> {
  return compact({
    placeId: record.context?.placeId,
    dialedDigits: record.number,
    startedAt: iso(record.startedAt),
    connectedAt: iso(record.connectedAt),
    endedAt: iso(record.endedAt),
    endReason: record.endReason ?? undefined,
  });
}

export type DispositionAnswer = {
  disposition: Disposition;
  note?: string;
  /** Decimal text with up to 2 places ("1250.00"), for a sale. */
  saleAmount?: string;
  /** Epoch ms, for a callback. */
  callbackAt?: number;
};

export function dispositionPutBody(answer: DispositionAnswer): Record<string, unknown> {
  const note = answer.note?.trim();
  return compact({
    disposition: answer.disposition,
    note: note ? note : undefined,
    saleAmount: answer.saleAmount,
    callbackAt: answer.callbackAt === undefined ? undefined : iso(answer.callbackAt),
  });
}

/** Whole seconds between connect and end; null for a call that never connected. */
export function talkSeconds(record: Pick<CallRecord, "connectedAt" | "endedAt">): number | null {
  if (record.connectedAt === null || record.endedAt === null) return null;
  return Math.max(0, Math.round((record.endedAt - record.connectedAt) / 1000));
}
