import "server-only";
import type { CallOutcome as DbCallOutcome, Prisma } from "@/lib/generated/prisma/client";
import { businessNames } from "@/modules/records/lib/accounts";
import { detectionOf } from "./detection";
import type { CallDirectionQuality, CallDto } from "./schemas";
import type { CallOutcome } from "@/modules/dialer/lib/call-outcomes";

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
  direction: true,
  outcome: true,
  sipStatus: true,
  qualitySamples: true,
  averageMos: true,
  worstMos: true,
  worstJitterMs: true,
  worstLossFraction: true,
  incomingAverageMos: true,
  incomingWorstMos: true,
  incomingWorstJitterMs: true,
  incomingWorstLossFraction: true,
  outgoingAverageMos: true,
  outgoingWorstMos: true,
  outgoingWorstJitterMs: true,
  outgoingWorstLossFraction: true,
  transferredAt: true,
  transferredToUserId: true,
  transferredToNumber: true,
  transferredFromCallId: true,
  detectionVerdict: true,
  detectionCause: true,
  detectionAtMs: true,
  detectionOverridden: true,
  automaticVoicemail: true,
  abandonedAt: true,
  monitoredAt: true,
  user: { select: { username: true } },
  // Call recording: the Call Log shows a play control, or that one was deleted.
  recordings: {
    // One opened but never sent a chunk (the call ended first) has nothing to play.
    where: { OR: [{ chunkCount: { gt: 0 } }, { status: "deleted" }] },
    select: { id: true, status: true, durationMs: true },
    orderBy: { startedAt: "asc" },
  },
} satisfies Prisma.CallSelect;

export type CallRow = Prisma.CallGetPayload<{ select: typeof callSelect }>;

/** The DTOs of calls read for one organization, each named from the team's account records. */
export async function callDtos(organizationId: string, rows: CallRow[]): Promise<CallDto[]> {
  const names = await businessNames(
    organizationId,
    rows.map((r) => r.placeId),
  );
  return rows.map((row) => toCallDto(row, names));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `names`: the team's account names by place id (modules/records/lib/accounts.ts businessNames). */
export function toCallDto(row: CallRow, names?: ReadonlyMap<string, string>): CallDto {
  return {
    id: row.id,
    placeId: row.placeId,
    businessName: (row.placeId && names?.get(row.placeId)) || null,
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
    direction: row.direction,
    outcome: row.outcome === null ? null : outcomeFromDb(row.outcome),
    sipStatus: row.sipStatus,
    setupMs: row.connectedAt
      ? Math.max(0, row.connectedAt.getTime() - row.startedAt.getTime())
      : null,
    quality: qualityOf(row),
    transfer: row.transferredAt
      ? {
          at: row.transferredAt.toISOString(),
          toUserId: row.transferredToUserId,
          toNumber: row.transferredToNumber,
        }
      : null,
    transferredFromCallId: row.transferredFromCallId,
    detection: detectionOf(row),
    abandonedAt: iso(row.abandonedAt),
    monitored: row.monitoredAt !== null,
    recordings: row.recordings.map((r) => ({ ...r })),
  };
}

/** The API's outcome ("no-answer") as the CallOutcome enum stores it ("no_answer"), and back. */
export const outcomeToDb = (outcome: CallOutcome) => outcome.replace(/-/g, "_") as DbCallOutcome;
export const outcomeFromDb = (outcome: DbCallOutcome) => outcome.replace(/_/g, "-") as CallOutcome;

const round = (value: number, places: number) => Number(value.toFixed(places));

/** The stored summary, rounded as screens show it (MOS 2 places, jitter and loss 1). */
function qualityOf(row: CallRow): CallDto["quality"] {
  const { qualitySamples, averageMos, worstMos, worstJitterMs, worstLossFraction } = row;
  if (
    qualitySamples === null ||
    averageMos === null ||
    worstMos === null ||
    worstJitterMs === null ||
    worstLossFraction === null
  ) {
    return null;
  }
  return {
    samples: qualitySamples,
    averageMos: round(averageMos, 2),
    worstMos: round(worstMos, 2),
    worstJitterMs: round(worstJitterMs, 1),
    worstLossPercent: round(worstLossFraction * 100, 1),
    incoming: directionOf(
      row.incomingAverageMos,
      row.incomingWorstMos,
      row.incomingWorstJitterMs,
      row.incomingWorstLossFraction,
    ),
    outgoing: directionOf(
      row.outgoingAverageMos,
      row.outgoingWorstMos,
      row.outgoingWorstJitterMs,
      row.outgoingWorstLossFraction,
    ),
  };
}

/** One direction's stored figures, rounded like the summary; null when it was not measured. */
function directionOf(
  averageMos: number | null,
  worstMos: number | null,
  worstJitterMs: number | null,
  worstLossFraction: number | null,
): CallDirectionQuality | null {
  if (averageMos === null || worstMos === null || worstJitterMs === null) return null;
  if (worstLossFraction === null) return null;
  return {
    averageMos: round(averageMos, 2),
    worstMos: round(worstMos, 2),
    worstJitterMs: round(worstJitterMs, 1),
    worstLossPercent: round(worstLossFraction * 100, 1),
  };
}

/** Whole seconds from connected to ended; 0 for a call that never connected; null while it lasts. */
export function talkSecondsOf(connectedAt: Date | null, endedAt: Date | null): number | null {
  if (!endedAt) return null;
  if (!connectedAt) return 0;
  return Math.max(0, Math.floor((endedAt.getTime() - connectedAt.getTime()) / 1000));
}
