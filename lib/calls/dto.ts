import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CallDto } from "./schemas";

/** What every read of a call selects: its columns and the rep's username. */
export const callSelect = {
  id: true,
  placeId: true,
  dialedDigits: true,
  dialedNumber: true,
  originatingNumber: true,
  startedAt: true,
  connectedAt: true,
  endedAt: true,
  talkSeconds: true,
  endReason: true,
  disposition: true,
  note: true,
  saleAmount: true,
  callbackAt: true,
  user: { select: { username: true } },
} satisfies Prisma.CallSelect;

export type CallRow = Prisma.CallGetPayload<{ select: typeof callSelect }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCallDto(row: CallRow): CallDto {
  return {
    id: row.id,
    placeId: row.placeId,
    dialedDigits: row.dialedDigits,
    dialedNumber: row.dialedNumber,
    originatingNumber: row.originatingNumber,
    agent: row.user.username,
    startedAt: row.startedAt.toISOString(),
    connectedAt: iso(row.connectedAt),
    endedAt: iso(row.endedAt),
    talkSeconds: row.talkSeconds,
    endReason: row.endReason,
    disposition: row.disposition,
    note: row.note,
    saleAmount: row.saleAmount === null ? null : row.saleAmount.toFixed(2),
    callbackAt: iso(row.callbackAt),
  };
}

/** Whole seconds from connected to ended; 0 for a call that never connected; null while it lasts. */
export function talkSecondsOf(connectedAt: Date | null, endedAt: Date | null): number | null {
  if (!endedAt) return null;
  if (!connectedAt) return 0;
  return Math.max(0, Math.floor((endedAt.getTime() - connectedAt.getTime()) / 1000));
}
