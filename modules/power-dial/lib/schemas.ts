import { z } from "zod";
import { placeIdPattern } from "@/modules/places/lib/schemas";

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
