import { z } from "zod";
import type { OpeningHours, Place } from "./schemas";

// Google Places API (New) JSON to the spec's Place shape. Google omits fields without data, so
// every field is optional here and becomes null in the Place.

const time = z.object({
  day: z.number().int().min(0).max(6).optional(),
  hour: z.number().int().min(0).max(23).optional(),
  minute: z.number().int().min(0).max(59).optional(),
});

const googlePlaceSchema = z.object({
  id: z.string().min(1),
  displayName: z.object({ text: z.string().optional() }).optional(),
  formattedAddress: z.string().optional(),
  rating: z.number().optional(),
  userRatingCount: z.number().int().optional(),
  googleMapsUri: z.string().optional(),
  websiteUri: z.string().optional(),
  primaryType: z.string().optional(),
  nationalPhoneNumber: z.string().optional(),
  internationalPhoneNumber: z.string().optional(),
  regularOpeningHours: z
    .object({
      openNow: z.boolean().optional(),
      periods: z.array(z.object({ open: time.optional(), close: time.optional() })).optional(),
      weekdayDescriptions: z.array(z.string()).optional(),
    })
    .optional(),
  utcOffsetMinutes: z.number().int().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
});
export type GooglePlace = z.infer<typeof googlePlaceSchema>;

export const googleSearchResponseSchema = z.object({
  places: z.array(googlePlaceSchema).optional(),
  nextPageToken: z.string().optional(),
});
export const googleDetailsResponseSchema = googlePlaceSchema;

const fullTime = (t: z.infer<typeof time>) => ({
  day: t.day ?? 0,
  hour: t.hour ?? 0,
  minute: t.minute ?? 0,
});

function openingHours(h: GooglePlace["regularOpeningHours"]): OpeningHours | null {
  if (!h) return null;
  return {
    open_now: h.openNow ?? null,
    periods: (h.periods ?? [])
      .filter((p) => p.open)
      .map((p) => ({ open: fullTime(p.open!), close: p.close ? fullTime(p.close) : null })),
    weekday_text: h.weekdayDescriptions ?? [],
  };
}

export function toPlace(g: GooglePlace): Place {
  return {
    place_id: g.id,
    name: g.displayName?.text ?? "",
    address: g.formattedAddress ?? null,
    rating: g.rating ?? null,
    user_ratings_total: g.userRatingCount ?? null,
    phone: g.nationalPhoneNumber ?? g.internationalPhoneNumber ?? null,
    website: g.websiteUri ?? null,
    place_url: g.googleMapsUri ?? null,
    primaryType: g.primaryType ?? null,
    opening_hours: openingHours(g.regularOpeningHours),
    geometry: g.location ? { lat: g.location.latitude, lng: g.location.longitude } : null,
    utc_offset_minutes: g.utcOffsetMinutes ?? null,
  };
}
