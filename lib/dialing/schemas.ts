import { z } from "zod";
import { placeIdPattern } from "@/lib/places/schemas";

// Shapes of the power-dial and do-not-call routes, shared by the route handlers and the
// browser's API client (browser-safe).

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

// Do-not-call list.
export const dncNoteMax = 200;
export const dncEntrySchema = z.object({
  number: z.string(),
  note: z.string().nullable(),
  addedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type DncEntry = z.infer<typeof dncEntrySchema>;

/** GET /api/do-not-call: one page of the list, newest first. */
export const dncPageDefault = 200;
export const dncPageMax = 1000;
export const dncListQuerySchema = z.object({
  /** The nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(dncPageMax).default(dncPageDefault),
});
export type DncListQuery = z.output<typeof dncListQuerySchema>;
export const dncListResponseSchema = z.object({
  numbers: z.array(dncEntrySchema),
  /** Every entry of the list, not only this page's. */
  total: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DncListResponse = z.infer<typeof dncListResponseSchema>;
export const dncAddBodySchema = z.object({
  number: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .max(40, "Phone number must be at most 40 characters"),
  note: z
    .string()
    .trim()
    .max(dncNoteMax, `Note must be at most ${dncNoteMax} characters`)
    .optional(),
});
export const dncAddResponseSchema = z.object({ entry: dncEntrySchema, created: z.boolean() });
export const dncNumberParamsSchema = z.object({
  number: z.string().regex(/^\+[1-9]\d{6,14}$/, "number must be in E.164 format (+15125550101)"),
});
export const dncImportBodySchema = z.object({
  csv: z.string().max(1_000_000, "The file is too large"),
});
export const dncImportResponseSchema = z.object({
  added: z.number().int(),
  existing: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string() })),
});
export type DncImportResponse = z.infer<typeof dncImportResponseSchema>;
export const dncCheckQuerySchema = z.object({
  number: z.string().trim().min(1, "number is required").max(40),
});
export const dncCheckResponseSchema = z.object({
  number: z.string().nullable(),
  doNotCall: z.boolean(),
});
