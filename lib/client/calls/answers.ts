import * as r from "@/lib/client/rules";
import {
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  END_REASONS,
  QUALITY_BOUNDS,
  SIP_STATUS_RANGE,
} from "@/lib/calls/constants";
import { DISPOSITIONS } from "@/lib/calls/dispositions";
import { RECORDING_STATUSES } from "@/lib/recordings/constants";
import type {
  CallDto,
  CallListResponse,
  CallResponse,
  CallsResponse,
  CallStatsResponse,
  MissedCallsResponse,
} from "@/lib/calls/schemas";

// The calls API's answers, checked with lib/client/rules.ts instead of the routes' zod schemas
// (lib/calls/schemas.ts): the Targets page reads the call stats at first paint and must not load
// zod for it. tests/unit/client-rules.test.ts holds each rule to its schema.

const isoTime = r.isoDateTimeWithOffset;
const count = r.count;

/** `callDtoSchema`. */
export const callDtoRule: r.Rule<CallDto> = r.object({
  id: r.string(),
  placeId: r.nullable(r.string()),
  businessName: r.nullable(r.string()),
  dialedDigits: r.string(),
  dialedNumber: r.nullable(r.string()),
  originatingNumber: r.nullable(r.string()),
  agent: r.string(),
  startedAt: isoTime,
  connectedAt: r.nullable(isoTime),
  endedAt: r.nullable(isoTime),
  talkSeconds: r.nullable(count),
  endReason: r.nullable(r.oneOf(END_REASONS)),
  disposition: r.nullable(r.oneOf(DISPOSITIONS)),
  note: r.nullable(r.string()),
  saleAmount: r.nullable(r.string({ pattern: /^\d+\.\d{2}$/ })),
  callbackAt: r.nullable(isoTime),
  direction: r.oneOf(CALL_DIRECTIONS),
  outcome: r.nullable(r.oneOf(CALL_OUTCOMES)),
  sipStatus: r.nullable(r.number({ int: true, ...SIP_STATUS_RANGE })),
  setupMs: r.nullable(count),
  quality: r.nullable(
    r.object({
      samples: count,
      averageMos: r.number(QUALITY_BOUNDS.mos),
      worstMos: r.number(QUALITY_BOUNDS.mos),
      worstJitterMs: r.number({ min: 0, max: QUALITY_BOUNDS.jitterMs.max }),
      worstLossPercent: r.number({ min: 0, max: 100 }),
    }),
  ),
  recordings: r.optional(
    r.array(
      r.object({
        id: r.string(),
        status: r.oneOf(RECORDING_STATUSES),
        durationMs: r.nullable(count),
      }),
    ),
  ),
});

/** `callResponseSchema`. */
export const callAnswer: r.Rule<CallResponse> = r.object({ call: callDtoRule });

/** `callListResponseSchema`. */
export const callListAnswer: r.Rule<CallListResponse> = r.object({
  calls: r.array(callDtoRule),
  nextCursor: r.nullable(r.string()),
});

/** `callsResponseSchema`. */
export const callsAnswer: r.Rule<CallsResponse> = r.object({ calls: r.array(callDtoRule) });

const dayCounts = r.object({ dials: count, talkSeconds: count, conversations: count });

/** `callStatsResponseSchema`. */
export const callStatsAnswer: r.Rule<CallStatsResponse> = r.object({
  places: r.record(r.object({ dialCount: count, lastCalledAt: r.nullable(isoTime) })),
  today: dayCounts,
  mine: dayCounts,
  notesToday: count,
});

/** `missedCallsResponseSchema`. */
export const missedCallsAnswer: r.Rule<MissedCallsResponse> = r.object({
  calls: r.array(
    r.object({
      id: r.string(),
      startedAt: isoTime,
      callerDigits: r.string(),
      callerNumber: r.nullable(r.string()),
      placeId: r.nullable(r.string()),
      calledBackAt: r.nullable(isoTime),
    }),
  ),
  nextCursor: r.nullable(r.string()),
});
