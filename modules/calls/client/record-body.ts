import {
  DETECTION_AT_MS,
  DETECTION_CAUSES,
  DETECTION_VERDICTS,
  QUALITY_BOUNDS,
  SIP_STATUS_RANGE,
} from "@/modules/calls/lib/constants";
import type { Disposition } from "@/modules/calls/lib/dispositions";
import type { DirectionSummary, QualitySummary } from "@/modules/dialer/lib/call-quality";
import type { CallDetection, CallRecord } from "@/modules/dialer/lib/types";

// What the browser sends about a call (PUT /api/calls/:id, PUT /api/calls/:id/disposition):
// plain JSON built from the dialer's record and the prompt's answers. Absent values are left
// out rather than sent as null, so a late retry can never clear a field the server already has.

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

function compact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== null));
}

// What the route accepts as a dial string (callPutBodySchema's dialedDigits).
const DIAL_STRING = /^\+?[0-9*#]{1,32}$/;
// Visual separators a line may put in a caller's number (RFC 3966: "-", ".", "(", ")").
const VISUAL_SEPARATORS = /[\s().-]/g;

/**
 * The caller's number of an inbound call as the route takes it: digits with a leading "+", or
 * "" when the line gave none that reads as one (withheld, "anonymous", a SIP name). The server
 * records such a call with no number rather than lose it.
 */
export function callerDigits(from: string): string {
  const digits = from.trim().replace(VISUAL_SEPARATORS, "");
  return DIAL_STRING.test(digits) ? digits : "";
}

const within = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isFinite(value) && value >= min && value <= max;

/** A final SIP status, or undefined for anything the route would refuse. */
function sipStatusOf(status: number | null): number | undefined {
  return status !== null && Number.isInteger(status) && within(status, SIP_STATUS_RANGE)
    ? status
    : undefined;
}

/**
 * The quality summary, or undefined when any figure is outside what the route accepts: a 4xx
 * would make the outbox drop the whole call record, so a broken reading costs only the summary.
 */
function qualityOf(quality: QualitySummary | null): QualitySummary | undefined {
  if (!quality) return undefined;
  const { samples } = quality;
  const figures = figuresOf(quality);
  if (!Number.isSafeInteger(samples) || samples < 0 || !figures) return undefined;
  // A direction with a broken figure is left out on its own: the summary still goes.
  const incoming = quality.incoming ? figuresOf(quality.incoming) : null;
  const outgoing = quality.outgoing ? figuresOf(quality.outgoing) : null;
  return { samples, ...figures, ...(incoming && { incoming }), ...(outgoing && { outgoing }) };
}

/** The four figures of a summary or one direction, or null when any is out of bounds. */
function figuresOf(quality: DirectionSummary): DirectionSummary | null {
  const { averageMos, worstMos, worstJitterMs, worstLossFraction } = quality;
  const valid =
    within(averageMos, QUALITY_BOUNDS.mos) &&
    within(worstMos, QUALITY_BOUNDS.mos) &&
    within(worstJitterMs, QUALITY_BOUNDS.jitterMs) &&
    within(worstLossFraction, QUALITY_BOUNDS.lossFraction);
  return valid ? { averageMos, worstMos, worstJitterMs, worstLossFraction } : null;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/**
 * The answering-machine detection as the route takes it (its five fields and nothing else), or
 * undefined when any is outside what the route accepts: like a broken quality summary, a broken
 * decision costs only itself, never the call's record.
 */
function detectionOf(detection: CallDetection | null | undefined): CallDetection | undefined {
  if (!detection) return undefined;
  const { verdict, cause, atMs, overridden, automaticVoicemail } = detection;
  const valid =
    oneOf(DETECTION_VERDICTS, verdict) &&
    oneOf(DETECTION_CAUSES, cause) &&
    Number.isInteger(atMs) &&
    within(atMs, DETECTION_AT_MS) &&
    typeof overridden === "boolean" &&
    typeof automaticVoicemail === "boolean";
  return valid ? { verdict, cause, atMs, overridden, automaticVoicemail } : undefined;
}

/**
 * `abandoned: true` only where the route takes it (an answered outbound call no machine took):
 * its 422 is final for the outbox and would lose the whole record, not just the mark.
 */
function abandonedOf(record: CallRecord): true | undefined {
  const d = record.detection;
  const machine = !!d && ((d.verdict === "machine" && !d.overridden) || d.automaticVoicemail);
  const answered = record.direction !== "inbound" && record.connectedAt !== null;
  return record.abandoned === true && answered && !machine ? true : undefined;
}

export function callPutBody(record: CallRecord): Record<string, unknown> {
  const inbound = record.direction === "inbound";
  return compact({
    placeId: record.context?.placeId,
    placeName: record.context?.placeName?.trim().slice(0, 200) || undefined,
    businessUtcOffsetMinutes: record.context?.utcOffsetMinutes ?? undefined,
    businessCategory: record.context?.category ?? undefined,
    dialedDigits: inbound ? callerDigits(record.number) : record.number,
    startedAt: iso(record.startedAt),
    connectedAt: iso(record.connectedAt),
    endedAt: iso(record.endedAt),
    endReason: record.endReason ?? undefined,
    // Outbound is the route's default: bodies of outbound calls stay as they always were.
    direction: inbound ? "inbound" : undefined,
    outcome: record.outcome ?? undefined,
    sipStatus: sipStatusOf(record.sipStatus),
    quality: qualityOf(record.quality),
    transfer: record.transfer
      ? {
          at: iso(record.transfer.at),
          ...(record.transfer.target.kind === "teammate"
            ? { toUserId: record.transfer.target.userId }
            : { toNumber: record.transfer.target.number.replace(/[^\d+]/g, "") }),
        }
      : undefined,
    transferredFromCallId: inbound ? (record.transferredFromCallId ?? undefined) : undefined,
    detection: detectionOf(record.detection),
    abandoned: abandonedOf(record),
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
