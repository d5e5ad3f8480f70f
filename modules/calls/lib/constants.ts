import type { AmdCause, AmdVerdict } from "@/modules/dialer/lib/amd/detector";
import { DISPOSITIONS } from "./dispositions";

// The call API's constants without zod, for browser code that must not load it (the Targets
// page's stats query); modules/calls/lib/schemas.ts re-exports them beside the schemas.

export const END_REASONS = ["local", "remote", "failed"] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Which way a call went: the rep dialed it, or it rang the rep. */
export const CALL_DIRECTIONS = ["outbound", "inbound"] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** A final SIP status (RFC 3261: three digits, 1xx-6xx). */
export const SIP_STATUS_RANGE = { min: 100, max: 699 } as const;

/**
 * What a call's line-quality summary may hold (modules/dialer/lib/call-quality.ts QualitySummary): the
 * MOS scale (1-5; the E-model estimate stays within 1-4.5), jitter up to a minute (anything
 * larger is a broken reading), loss as a fraction. The route refuses anything else; the
 * browser leaves a summary out rather than send one the route would refuse (a 4xx drops the
 * whole call record from the outbox).
 */
export const QUALITY_BOUNDS = {
  mos: { min: 1, max: 5 },
  jitterMs: { min: 0, max: 60_000 },
  lossFraction: { min: 0, max: 1 },
} as const;

/**
 * Who answered an outbound call and why, as the browser's answering-machine detector decided
 * (modules/dialer/lib/amd/detector.ts AmdVerdict and AmdCause): the route takes these and no
 * other. The checks below fail to compile when the detector gains a value these lists lack.
 */
export const DETECTION_VERDICTS = [
  "human",
  "machine",
  "unknown",
] as const satisfies readonly AmdVerdict[];
export const DETECTION_CAUSES = [
  "human",
  "long-greeting",
  "max-words",
  "max-word-length",
  "initial-silence",
  "too-long",
  "silence",
  "fax",
  "tone",
] as const satisfies readonly AmdCause[];
export type DetectionVerdict = (typeof DETECTION_VERDICTS)[number];
export type DetectionCause = (typeof DETECTION_CAUSES)[number];
type ListsEvery<Listed, Whole> = [Exclude<Whole, Listed>] extends [never] ? true : false;
type Holds<T extends true> = T;
type _DetectionListsComplete = Holds<
  ListsEvery<DetectionVerdict, AmdVerdict> | ListsEvery<DetectionCause, AmdCause>
>;

/**
 * When the detector decided, ms from the answer: it decides within its analysis time (5 s by
 * default, modules/dialer/lib/amd/settings.ts); a minute bounds any setting, and anything beyond
 * is a broken clock.
 */
export const DETECTION_AT_MS = { min: 0, max: 60_000 } as const;

/** POST /api/calls/stats takes at most this many place ids per request. */
export const STATS_MAX_PLACES = 100;

/** The Call Log's outcome filter: a disposition, or calls without one. */
export const CALL_LIST_FILTERS = [...DISPOSITIONS, "undisposed"] as const;

/**
 * A sale's amount as the prompt takes it ("1250", "1250.5", 1250.5) to the API's "1250.50":
 * positive, at most 10 digits before the point and 2 after; null when it is not one. The same
 * rule as the route's `saleAmountSchema` (modules/calls/lib/schemas.ts), without zod for the dialer's
 * prompt; tests/unit/client-rules.test.ts holds the two together.
 */
export function normalSaleAmount(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text) || !(Number(text) > 0)) return null;
  return Number(text).toFixed(2);
}
