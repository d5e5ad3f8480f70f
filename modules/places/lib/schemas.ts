import { z } from "zod";

// The spec's Place shape (section 3), shared by the route handlers, the API client and the
// browser's search cache. Search results carry what the search asked for; a details call fills
// in phone, website, opening hours, location and the UTC offset. Absent data is null.

export const openingTimeSchema = z.object({
  /** 0 = Sunday, as in the Places API. */
  day: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59),
});

export const openingPeriodSchema = z.object({
  open: openingTimeSchema,
  /** null: open 24 hours (one period opening Sunday 00:00 without a close). */
  close: openingTimeSchema.nullable(),
});

export const openingHoursSchema = z.object({
  open_now: z.boolean().nullable(),
  /** Empty: never open. */
  periods: z.array(openingPeriodSchema),
  /** Seven human-readable lines, Monday first, as the provider wrote them. */
  weekday_text: z.array(z.string()),
});

export const geometrySchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const placeSchema = z.object({
  place_id: z.string().min(1),
  /** May be empty; the screen shows (Unnamed). */
  name: z.string(),
  address: z.string().nullable(),
  rating: z.number().nullable(),
  user_ratings_total: z.number().int().nullable(),
  /** National format when the provider has one, else international. */
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** Link to the place on the map provider. */
  place_url: z.string().nullable(),
  primaryType: z.string().nullable(),
  opening_hours: openingHoursSchema.nullable(),
  geometry: geometrySchema.nullable(),
  /** The place's current offset from UTC in minutes (details only), to tell when it is open. */
  utc_offset_minutes: z.number().int().nullable(),
});

export type OpeningTime = z.infer<typeof openingTimeSchema>;
export type OpeningPeriod = z.infer<typeof openingPeriodSchema>;
export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type Place = z.infer<typeof placeSchema>;

/** GET /api/places/search answer: one page of up to 20 places. */
export const searchResponseSchema = z.object({
  places: z.array(placeSchema),
  /** null on the last page. */
  nextPageToken: z.string().nullable(),
  /** True when the built-in demo provider answered (no PLACES_API_KEY): the UI says so. */
  demo: z.boolean(),
  /**
   * True when the search already asked for phone, hours and location
   * (PLACES_SEARCH_INCLUDES_CONTACT): the browser then needs no details call for these places.
   */
  detailsIncluded: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /api/places/{placeId} answer. */
export const placeDetailsResponseSchema = z.object({ place: placeSchema, demo: z.boolean() });
export type PlaceDetailsResponse = z.infer<typeof placeDetailsResponseSchema>;

// Inputs. Place ids and page tokens are opaque provider strings; bound their alphabet and
// length so nothing else reaches the upstream URL or body.
export const searchQueryMax = 200;
export const placeIdPattern = /^[A-Za-z0-9_-]{1,256}$/;
export const pageTokenPattern = /^[A-Za-z0-9_=+/.-]{1,2048}$/;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "Search text is required")
    .max(searchQueryMax, `Search text must be at most ${searchQueryMax} characters`),
  pageToken: z.string().regex(pageTokenPattern, "pageToken is not a valid page token").optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const placeParamsSchema = z.object({
  placeId: z.string().regex(placeIdPattern, "placeId is not a valid place id"),
});

/** Empty place with only an id and name, for tests and placeholders. */
export function emptyPlace(place_id: string, name = ""): Place {
  return {
    place_id,
    name,
    address: null,
    rating: null,
    user_ratings_total: null,
    phone: null,
    website: null,
    place_url: null,
    primaryType: null,
    opening_hours: null,
    geometry: null,
    utc_offset_minutes: null,
  };
}
