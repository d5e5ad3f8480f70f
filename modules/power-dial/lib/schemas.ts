import { z } from "zod";
import { placeIdPattern } from "@/modules/places/lib/schemas";
import { VOICEMAIL_MIME_TYPES } from "@/modules/voicemail/lib/constants";
import {
  ABANDON_CAP_PERCENT,
  DIAL_COUNTRIES,
  DIAL_LINES,
  MIN_RING_SECONDS,
  NO_REDIAL_HOURS,
} from "./dialing-rules";

// Shapes of the power-dial routes (/api/dialing/*), shared by the route handlers and the
// browser's API client (browser-safe). The do-not-call list's are in modules/do-not-call.

export const placeIdParamsSchema = z.object({
  placeId: z.string().regex(placeIdPattern, "placeId is not a valid place id"),
});

/** POST /api/dialing/reservations/{placeId}: 200 when taken (or extended by its holder). */
export const reservationResponseSchema = z.object({
  reservation: z.object({ placeId: z.string(), expiresAt: z.iso.datetime() }),
});
export type ReservationResponse = z.infer<typeof reservationResponseSchema>;

export const releaseResponseSchema = z.object({ released: z.boolean() });

/** The settings a session needs, from the server's configuration. */
export const dialSettingsSchema = z.object({
  countdownSeconds: z.number().int().min(1),
  reservationMinutes: z.number().int().min(1),
  recentHours: z.number().int().min(0),
  window: z.object({
    startMinute: z.number().int().min(0).max(1439),
    endMinute: z.number().int().min(0).max(1439),
    days: z.array(z.number().int().min(0).max(6)),
  }),
});
export type DialSettings = z.infer<typeof dialSettingsSchema>;

export const previewBodySchema = z.object({
  places: z
    .array(
      z.object({
        placeId: z.string().regex(placeIdPattern, "placeId is not a valid place id"),
        phone: z.string().max(64).nullable(),
      }),
    )
    .max(500, "At most 500 places per session"),
});
export type PreviewBody = z.infer<typeof previewBodySchema>;

export const placeCheckSchema = z.object({
  /** The phone's E.164 is on the organization's do-not-call list. */
  doNotCall: z.boolean(),
  /** Another rep of the team holds a live reservation on it. */
  reservedBy: z.string().nullable(),
  /** The team's latest call to it within DIAL_RECENT_HOURS, else null. */
  recentCallAt: z.iso.datetime().nullable(),
});
export type PlaceCheck = z.infer<typeof placeCheckSchema>;

/** POST /api/dialing/preview: what the server knows about each place of a session. */
export const previewResponseSchema = z.object({
  settings: dialSettingsSchema,
  places: z.record(z.string(), placeCheckSchema),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

/** Calls answered by a person in a window, those abandoned, and the rate (0 when none answered). */
export const abandonmentWindowSchema = z.object({
  answeredByPerson: z.number().int().min(0),
  abandoned: z.number().int().min(0),
  ratePercent: z.number().min(0).max(100),
});
export type AbandonmentWindow = z.infer<typeof abandonmentWindowSchema>;

const countrySchema = z.enum(DIAL_COUNTRIES, "country is US or GB");
const bounded = (name: string, b: { min: number; max: number }, unit: string, int = true) => {
  const message = `${name} is ${int ? "a whole number of " : ""}${unit} from ${b.min} to ${b.max}`;
  const n = z.number(message).min(b.min, message).max(b.max, message);
  return int ? n.int(message) : n;
};

/**
 * GET /api/dialing/abandonment: the team's parallel dialing rules, the edge's lines for one rep
 * and its abandonment rates over the last 24 hours and 30 days (modules/power-dial/lib/pacing.ts
 * turns them into the lines to dial).
 */
export const abandonmentResponseSchema = z.object({
  country: countrySchema,
  capPercent: z.number().min(ABANDON_CAP_PERCENT.min).max(ABANDON_CAP_PERCENT.max),
  noRedialHours: z.number().int().min(NO_REDIAL_HOURS.min).max(NO_REDIAL_HOURS.max),
  minRingSeconds: z.number().int().min(MIN_RING_SECONDS.min).max(MIN_RING_SECONDS.max),
  maxLines: z.number().int().min(DIAL_LINES.min).max(DIAL_LINES.max),
  last24Hours: abandonmentWindowSchema,
  last30Days: abandonmentWindowSchema,
});
export type AbandonmentResponse = z.infer<typeof abandonmentResponseSchema>;

/** PUT /api/team/dialing-rules: a manager sets all four rules at once. */
export const dialingRulesBodySchema = z.strictObject(
  {
    country: countrySchema,
    capPercent: bounded("capPercent", ABANDON_CAP_PERCENT, "percent", false),
    noRedialHours: bounded("noRedialHours", NO_REDIAL_HOURS, "hours"),
    minRingSeconds: bounded("minRingSeconds", MIN_RING_SECONDS, "seconds"),
    /** Call monitoring: reps are shown that a manager is listening (kept when absent). */
    announceMonitoring: z.boolean("announceMonitoring is true or false").optional(),
  },
  "The rules are an object with country, capPercent, noRedialHours and minRingSeconds",
);
export type DialingRulesBody = z.infer<typeof dialingRulesBodySchema>;

/** The team's abandonment message as stored (the audio: GET /api/team/abandonment-message/audio). */
export const abandonmentMessageSchema = z.object({
  mimeType: z.enum(VOICEMAIL_MIME_TYPES),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type AbandonmentMessage = z.infer<typeof abandonmentMessageSchema>;

/** GET/PUT/DELETE /api/team/abandonment-message: null while none is uploaded. */
export const abandonmentMessageResponseSchema = z.object({
  message: abandonmentMessageSchema.nullable(),
});
export type AbandonmentMessageResponse = z.infer<typeof abandonmentMessageResponseSchema>;

/** GET/PUT /api/team/dialing-rules: the rules and rates, and the message, for the managers' screen. */
export const dialingRulesResponseSchema = abandonmentResponseSchema.extend({
  message: abandonmentMessageSchema.nullable(),
  /** Call monitoring (modules/floor): reps are shown that a manager is listening to their call. */
  announceMonitoring: z.boolean(),
});
export type DialingRulesResponse = z.infer<typeof dialingRulesResponseSchema>;
