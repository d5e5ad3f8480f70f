/**
 * The call records API: every request and response body, shared by the route
 * handlers and the browser's API client (browser-safe, no server code).
 */
import { z } from "zod";
import { CALL_OUTCOMES } from "@/modules/dialer/lib/call-outcomes";
import { callRecordingSummarySchema } from "@/modules/recordings/lib/schemas";
import {
  CALL_DIRECTIONS,
  CALL_LIST_FILTERS,
  DETECTION_AT_MS,
  DETECTION_CAUSES,
  DETECTION_VERDICTS,
  END_REASONS,
  QUALITY_BOUNDS,
  SIP_STATUS_RANGE,
  STATS_MAX_PLACES,
} from "./constants";
import {
  BUSINESS_CATEGORY,
  BUSINESS_UTC_OFFSET,
  businessCategoryMessage,
  businessOffsetMessage,
} from "./business-context";
import { DISPOSITIONS } from "./dispositions";

export {
  CALL_DIRECTIONS,
  CALL_LIST_FILTERS,
  DETECTION_CAUSES,
  DETECTION_VERDICTS,
  END_REASONS,
  STATS_MAX_PLACES,
  type CallDirection,
  type DetectionCause,
  type DetectionVerdict,
  type EndReason,
} from "./constants";

/** The business's UTC offset in minutes when dialed. */
export const businessUtcOffsetSchema = z
  .number(businessOffsetMessage)
  .int(businessOffsetMessage)
  .min(BUSINESS_UTC_OFFSET.min, businessOffsetMessage)
  .max(BUSINESS_UTC_OFFSET.max, businessOffsetMessage);
/** The business's category: a place type token (modules/calls/lib/business-context.ts). */
export const businessCategorySchema = z
  .string(businessCategoryMessage)
  .regex(BUSINESS_CATEGORY, businessCategoryMessage);

/** Timestamps sent by the browser: ISO 8601 with "Z" or an offset. */
const isoTime = z.iso.datetime({ offset: true });
const ms = (iso: string) => new Date(iso).getTime();

/** A call's id as the browser generates it for a new call (PUT /api/calls/:id). */
export const newCallIdSchema = z.uuid().transform((id) => id.toLowerCase());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Any stored call's id: a uuid (compared in lower case, as stored) or, in the demo seed, the
 * spec's sample ids ("CALL-1001").
 */
export const callIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((id) => (UUID.test(id) ? id.toLowerCase() : id));

/** Google place ids are opaque strings; only the id is stored, as Google's terms allow. */
export const placeIdSchema = z.string().trim().min(1).max(256);

/** One direction of a call's line quality, rounded for display (see `quality` below). */
export const callDirectionQualitySchema = z.object({
  averageMos: z.number().min(QUALITY_BOUNDS.mos.min).max(QUALITY_BOUNDS.mos.max),
  worstMos: z.number().min(QUALITY_BOUNDS.mos.min).max(QUALITY_BOUNDS.mos.max),
  worstJitterMs: z.number().min(0).max(QUALITY_BOUNDS.jitterMs.max),
  /** The worst packet loss in percent, 0-100. */
  worstLossPercent: z.number().min(0).max(100),
});
export type CallDirectionQuality = z.infer<typeof callDirectionQualitySchema>;

/**
 * A call's answering-machine detection as the call DTO answers it (outbound calls only): the
 * detector's verdict and cause, when it decided (ms from the answer), whether the rep corrected
 * it (the verdict stays the detector's) and whether the voicemail was left automatically.
 */
export const callDetectionDtoSchema = z.object({
  verdict: z.enum(DETECTION_VERDICTS),
  cause: z.enum(DETECTION_CAUSES),
  atMs: z.number().int().min(DETECTION_AT_MS.min).max(DETECTION_AT_MS.max),
  overridden: z.boolean(),
  automaticVoicemail: z.boolean(),
});
export type CallDetectionDto = z.infer<typeof callDetectionDtoSchema>;

export const callDtoSchema = z.object({
  id: z.string(),
  placeId: z.string().nullable(),
  /** The business's name from the team's account record, when the team keeps one. */
  businessName: z.string().nullable(),
  /** What the rep dialed, digits (and *, #, a leading +) only. */
  dialedDigits: z.string(),
  /** The dialed number in E.164, null when it is not a readable phone number. */
  dialedNumber: z.string().nullable(),
  /** The organization's caller ID when the call was made, E.164. */
  originatingNumber: z.string().nullable(),
  /** The rep's username. */
  agent: z.string(),
  startedAt: isoTime,
  connectedAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
  /** Seconds from connected to ended, computed by the server; 0 for a call that never connected, null while it lasts. */
  talkSeconds: z.number().int().nonnegative().nullable(),
  endReason: z.enum(END_REASONS).nullable(),
  /** null: the rep skipped the prompt (an undisposed call). */
  disposition: z.enum(DISPOSITIONS).nullable(),
  note: z.string().nullable(),
  /** A sale's amount, a decimal with 2 places ("1250.00"). */
  saleAmount: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .nullable(),
  callbackAt: isoTime.nullable(),
  /** inbound: the call rang the rep; dialedDigits and dialedNumber are then the caller's. */
  direction: z.enum(CALL_DIRECTIONS),
  /** How the line said the call ended (real lines only). */
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** The final SIP status (real lines only). */
  sipStatus: z.number().int().min(SIP_STATUS_RANGE.min).max(SIP_STATUS_RANGE.max).nullable(),
  /** Click (or Answer) to connected, ms; null for a call that never connected. */
  setupMs: z.number().int().nonnegative().nullable(),
  /** The line's quality over the call (real lines only), rounded for display. */
  quality: z
    .object({
      samples: z.number().int().nonnegative(),
      averageMos: z.number().min(QUALITY_BOUNDS.mos.min).max(QUALITY_BOUNDS.mos.max),
      worstMos: z.number().min(QUALITY_BOUNDS.mos.min).max(QUALITY_BOUNDS.mos.max),
      worstJitterMs: z.number().min(0).max(QUALITY_BOUNDS.jitterMs.max),
      /** The worst packet loss in percent, 0-100. */
      worstLossPercent: z.number().min(0).max(100),
      /** What the rep heard; absent or null for calls recorded before directions were kept. */
      incoming: callDirectionQualitySchema.nullish(),
      /** What the far end heard of the rep; null when it sent no receiver report. */
      outgoing: callDirectionQualitySchema.nullish(),
    })
    .nullable(),
  /** The call's recordings, oldest first; absent from answers that predate them. */
  recordings: z.array(callRecordingSummarySchema).optional(),
  /** Who took the call over and when (blind transfer); absent or null when nobody did. */
  transfer: z
    .object({ at: isoTime, toUserId: z.string().nullable(), toNumber: z.string().nullable() })
    .nullish(),
  /** The transferring teammate's record of this call, for a call transferred to this rep. */
  transferredFromCallId: z.string().nullish(),
  /**
   * Who answered (answering-machine detection): null when nothing was decided (inbound calls,
   * calls before detection); absent from answers that predate it.
   */
  detection: callDetectionDtoSchema.nullish(),
  /**
   * When the call was abandoned (parallel dialing: a person answered and no rep was connected
   * in time); null otherwise, absent from answers that predate it.
   */
  abandonedAt: isoTime.nullish(),
  /** A manager monitored the call (listened, whispered, joined or took it over: modules/floor). */
  monitored: z.boolean(),
});
export type CallDto = z.infer<typeof callDtoSchema>;

const mosSchema = z
  .number("A MOS is a number from 1 to 5")
  .min(QUALITY_BOUNDS.mos.min, "A MOS is a number from 1 to 5")
  .max(QUALITY_BOUNDS.mos.max, "A MOS is a number from 1 to 5");

const jitterSchema = z
  .number("Jitter is a number of milliseconds from 0 to 60000")
  .min(QUALITY_BOUNDS.jitterMs.min, "Jitter is a number of milliseconds from 0 to 60000")
  .max(QUALITY_BOUNDS.jitterMs.max, "Jitter is a number of milliseconds from 0 to 60000");
const lossFractionSchema = z
  .number("Loss is a fraction from 0 to 1")
  .min(QUALITY_BOUNDS.lossFraction.min, "Loss is a fraction from 0 to 1")
  .max(QUALITY_BOUNDS.lossFraction.max, "Loss is a fraction from 0 to 1");

/** One direction of the summary: what the rep heard, or what the far end heard of the rep. */
const directionQualitySchema = z.object(
  {
    averageMos: mosSchema,
    worstMos: mosSchema,
    worstJitterMs: jitterSchema,
    worstLossFraction: lossFractionSchema,
  },
  "A direction's quality is an object with averageMos, worstMos, worstJitterMs and worstLossFraction",
);

/** A call's line-quality summary as the dialer keeps it (modules/dialer/lib/call-quality.ts). */
export const callQualitySchema = z.object(
  {
    samples: z
      .number("The number of samples is a whole number, 0 or more")
      .int("The number of samples is a whole number, 0 or more")
      .nonnegative("The number of samples is a whole number, 0 or more"),
    averageMos: mosSchema,
    worstMos: mosSchema,
    worstJitterMs: jitterSchema,
    worstLossFraction: lossFractionSchema,
    /** Each direction's own figures (absent from dialers that predate them). */
    incoming: directionQualitySchema.nullish(),
    outgoing: directionQualitySchema.nullish(),
  },
  "The quality summary is an object with samples, averageMos, worstMos, worstJitterMs and worstLossFraction",
);
export type CallQuality = z.infer<typeof callQualitySchema>;

const detectionAtMessage = "atMs is a whole number of milliseconds from 0 to 60000";
const booleanMessage = (field: string) => `${field} is true or false`;

/**
 * The answering-machine detector's decision as the dialer reports it
 * (modules/dialer/lib/types.ts CallDetection): all five fields, each checked on its own.
 */
export const callDetectionSchema = z.object(
  {
    verdict: z.enum(DETECTION_VERDICTS, `verdict is one of ${DETECTION_VERDICTS.join(", ")}`),
    cause: z.enum(DETECTION_CAUSES, `cause is one of ${DETECTION_CAUSES.join(", ")}`),
    atMs: z
      .number(detectionAtMessage)
      .int(detectionAtMessage)
      .min(DETECTION_AT_MS.min, detectionAtMessage)
      .max(DETECTION_AT_MS.max, detectionAtMessage),
    overridden: z.boolean(booleanMessage("overridden")),
    automaticVoicemail: z.boolean(booleanMessage("automaticVoicemail")),
  },
  "The detection is an object with verdict, cause, atMs, overridden and automaticVoicemail",
);
export type CallDetectionBody = z.infer<typeof callDetectionSchema>;

const dialedDigitsMessage = "Enter the dialed digits (up to 32)";

/**
 * What the rep dialed: digits, * and #, a leading +, and the post-dial part's pauses ("," before
 * an extension: modules/calls/lib/dial-string.ts writes every extension and pause that way); at
 * most 32.
 */
export const dialedDigitsSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9*#][0-9*#,]{0,31}$/, dialedDigitsMessage);
const sipStatusMessage = "A SIP status is a whole number from 100 to 699";

/**
 * The longest call recorded, start to end. Dialer calls last minutes; a longer span is a broken
 * clock or a forged body, and without a bound talkSeconds (an int column) could overflow.
 */
export const CALL_MAX_MS = 24 * 3600_000;
export const callTooLong = "A call cannot last more than 24 hours";

/**
 * PUT /api/calls/:id: the first PUT creates the call (201), later ones complete it (200).
 * Times and what the line reported only ever fill in: once set, connectedAt, endedAt,
 * endReason, outcome, sipStatus, the quality summary, the transfer and the detection stay as
 * they are; direction is the first PUT's. Bounds that need the server's clock (how far back a
 * start may be, how far ahead) are checked by the server (modules/calls/lib/record.ts), not
 * here: this schema is pure.
 *
 * An inbound call (direction "inbound") carries the caller's number in dialedDigits, which may
 * be empty: a caller who withheld their number still rang the rep.
 */
export const callPutBodySchema = z
  .object({
    placeId: placeIdSchema.nullish(),
    // dialedDigitsSchema, or "" (checked below: only an inbound call may have no number).
    dialedDigits: z
      .string()
      .trim()
      .regex(/^(?:\+?[0-9*#][0-9*#,]{0,31})?$/, dialedDigitsMessage),
    startedAt: isoTime,
    connectedAt: isoTime.nullish(),
    endedAt: isoTime.nullish(),
    endReason: z.enum(END_REASONS).nullish(),
    /** Absent: outbound (bodies from dialers older than inbound calls have none). */
    direction: z.enum(CALL_DIRECTIONS, "direction is outbound or inbound").optional(),
    outcome: z.enum(CALL_OUTCOMES, `outcome is one of ${CALL_OUTCOMES.join(", ")}`).nullish(),
    sipStatus: z
      .number(sipStatusMessage)
      .int(sipStatusMessage)
      .min(SIP_STATUS_RANGE.min, sipStatusMessage)
      .max(SIP_STATUS_RANGE.max, sipStatusMessage)
      .nullish(),
    quality: callQualitySchema.nullish(),
    /** The business's name as the rep saw it: the team keeps it as its account record. */
    placeName: z.string().trim().max(200).nullish(),
    /** The business's UTC offset (minutes) and category when dialed; kept from the first PUT. */
    businessUtcOffsetMinutes: businessUtcOffsetSchema.nullish(),
    businessCategory: businessCategorySchema.nullish(),
    /**
     * The rep handed the call over (blind transfer): when the target took it, and who, a
     * teammate's id or a number. Kept from the first PUT that has it.
     */
    transfer: z
      .object({
        at: isoTime,
        toUserId: z.uuid("toUserId is a teammate's id").nullish(),
        toNumber: z
          .string()
          .trim()
          .regex(/^\+?[0-9]{3,20}$/, "toNumber is a phone number")
          .nullish(),
      })
      .refine((t) => !!t.toUserId !== !!t.toNumber, "A transfer goes to a teammate or a number")
      .nullish(),
    /** A call a teammate transferred to this rep: the id of the teammate's record of it. */
    transferredFromCallId: z.string().trim().min(1).max(100).nullish(),
    /**
     * Who answered an outbound call, as the answering-machine detector decided. Kept from the
     * first PUT that has it; ignored for an inbound call.
     */
    detection: callDetectionSchema.nullish(),
    /**
     * Parallel dialing: a person answered this outbound call and no rep was connected in time.
     * The server sets abandonedAt once (the first such PUT) and audits it; refused (422) for a
     * call that is inbound, was not answered or was left to a machine. false changes nothing.
     */
    abandoned: z.boolean("abandoned is true or false").optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.dialedDigits && body.direction !== "inbound") {
      ctx.addIssue({ code: "custom", path: ["dialedDigits"], message: dialedDigitsMessage });
    }
    const start = ms(body.startedAt);
    if (body.connectedAt && ms(body.connectedAt) < start) {
      ctx.addIssue({
        code: "custom",
        path: ["connectedAt"],
        message: "Cannot be before startedAt",
      });
    }
    if (
      body.endedAt &&
      ms(body.endedAt) < Math.max(start, ms(body.connectedAt ?? body.startedAt))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["endedAt"],
        message: "Cannot be before startedAt or connectedAt",
      });
    }
    const last = body.endedAt ?? body.connectedAt;
    if (last && ms(last) - start > CALL_MAX_MS) {
      ctx.addIssue({
        code: "custom",
        path: [body.endedAt ? "endedAt" : "connectedAt"],
        message: callTooLong,
      });
    }
    if (!body.endedAt !== !body.endReason) {
      ctx.addIssue({
        code: "custom",
        path: [body.endedAt ? "endReason" : "endedAt"],
        message: "endedAt and endReason go together",
      });
    }
  });
export type CallPutBody = z.input<typeof callPutBodySchema>;

export const callResponseSchema = z.object({ call: callDtoSchema });
export type CallResponse = z.infer<typeof callResponseSchema>;

/** "1250", "1250.5", 1250.5 -> "1250.50"; positive, at most 10 digits before the point. */
export const saleAmountSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "Enter an amount such as 1250.00")
      .refine((v) => Number(v) > 0, "The amount must be more than 0"),
  )
  .transform((v) => Number(v).toFixed(2));

/** PUT /api/calls/:id/disposition: the outcome; a sale needs its amount, a callback its time. */
export const dispositionBodySchema = z
  .object({
    disposition: z.enum(DISPOSITIONS),
    note: z
      .string()
      .trim()
      .max(2000, "At most 2000 characters")
      .nullish()
      .transform((v) => v || null),
    saleAmount: saleAmountSchema.nullish(),
    callbackAt: isoTime.nullish(),
  })
  .superRefine((body, ctx) => {
    const isSale = body.disposition === "sale";
    const isCallback = body.disposition === "callback";
    if (isSale && body.saleAmount == null) {
      ctx.addIssue({ code: "custom", path: ["saleAmount"], message: "A sale needs its amount" });
    }
    if (!isSale && body.saleAmount != null) {
      ctx.addIssue({ code: "custom", path: ["saleAmount"], message: "Only a sale has an amount" });
    }
    if (isCallback && !body.callbackAt) {
      ctx.addIssue({ code: "custom", path: ["callbackAt"], message: "A callback needs its time" });
    }
    if (!isCallback && body.callbackAt) {
      ctx.addIssue({ code: "custom", path: ["callbackAt"], message: "Only a callback has a time" });
    }
  });
export type DispositionBody = z.input<typeof dispositionBodySchema>;

/** GET /api/calls: the rep's calls (scope mine) or the team's, newest first, one page. */
export const callListQuerySchema = z.object({
  scope: z.enum(["mine", "team"]).default("mine"),
  /** startedAt >= from */
  from: isoTime.optional(),
  /** startedAt < to */
  to: isoTime.optional(),
  disposition: z.enum(CALL_LIST_FILTERS).optional(),
  /** The nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type CallListQuery = z.input<typeof callListQuerySchema>;

export const callListResponseSchema = z.object({
  calls: z.array(callDtoSchema),
  nextCursor: z.string().nullable(),
});
export type CallListResponse = z.infer<typeof callListResponseSchema>;

/** GET /api/calls/search?q=: id, dialed number (any formatting), originating number or agent. */
export const callSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Enter a call id, number or agent").max(100),
});
export const CALL_SEARCH_LIMIT = 20;
export const callsResponseSchema = z.object({ calls: z.array(callDtoSchema) });
export type CallsResponse = z.infer<typeof callsResponseSchema>;

/** GET /api/calls/missed: the rep's missed calls, newest first, one page. */
export const missedCallsQuerySchema = z.object({
  /** The nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type MissedCallsQuery = z.input<typeof missedCallsQuerySchema>;

/** An inbound call that rang the rep and was never connected (not answered, or declined). */
export const missedCallSchema = z.object({
  id: z.string(),
  startedAt: isoTime,
  /** The caller's number as the line gave it (digits, a leading +); "" when withheld. */
  callerDigits: z.string(),
  /** The caller's number in E.164; null when it is not a phone number (withheld, an extension). */
  callerNumber: z.string().nullable(),
  /** The business the team last called at this number, or null. */
  placeId: z.string().nullable(),
  /** The team's latest call to this number placed after it rang, or null. */
  calledBackAt: isoTime.nullable(),
  /** The rep declined it (rather than it ringing out). */
  declined: z.boolean(),
});
export type MissedCall = z.infer<typeof missedCallSchema>;

export const missedCallsResponseSchema = z.object({
  calls: z.array(missedCallSchema),
  nextCursor: z.string().nullable(),
});
export type MissedCallsResponse = z.infer<typeof missedCallsResponseSchema>;

/** GET /api/calls/place/:placeId: the team's calls to one business, newest first. */
export const PLACE_CALLS_LIMIT = 50;

/** POST /api/calls/stats: Dial Count per place on screen and today's numbers. */
export const callStatsBodySchema = z.object({
  placeIds: z.array(placeIdSchema).max(STATS_MAX_PLACES),
  /**
   * Where "today" starts: the browser's local midnight as ISO. Without it, midnight UTC.
   * Today's counts run from there to now.
   */
  dayStart: isoTime.optional(),
});
export type CallStatsBody = z.input<typeof callStatsBodySchema>;

const dayCountsSchema = z.object({
  dials: z.number().int().nonnegative(),
  talkSeconds: z.number().int().nonnegative(),
  /** Calls whose disposition counts as a conversation (DISPOSITION_FLAGS). */
  conversations: z.number().int().nonnegative(),
});

export const callStatsResponseSchema = z.object({
  /** Every requested place id, with 0 and null when the team never called it. */
  places: z.record(
    z.string(),
    z.object({ dialCount: z.number().int().nonnegative(), lastCalledAt: isoTime.nullable() }),
  ),
  /** The whole team (organization) today. */
  today: dayCountsSchema,
  /** The signed-in rep alone today. */
  mine: dayCountsSchema,
  /** Notes the team wrote today on any business's record, still kept. */
  notesToday: z.number().int().nonnegative(),
});
export type CallStatsResponse = z.infer<typeof callStatsResponseSchema>;

/**
 * GET /api/reports/call-reports.csv and /sales-history.csv: the range as the browser chose it,
 * ISO with the browser's offset (the range comment and file name keep that offset).
 * `withTime=1` names the file with times (a preset chose exact times), as the client's did.
 */
export const reportQuerySchema = z
  .object({
    from: isoTime,
    to: isoTime,
    withTime: z
      .enum(["0", "1", "true", "false"])
      .optional()
      .transform((v) => v === "1" || v === "true"),
  })
  .refine((q) => ms(q.to) >= ms(q.from), { path: ["to"], message: "Cannot be before from" });
export type ReportQuery = z.input<typeof reportQuerySchema>;
