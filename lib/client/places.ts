import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";
import type {
  OpeningHours,
  OpeningTime,
  Place,
  PlaceDetailsResponse,
  SearchResponse,
} from "@/lib/places/schemas";

// The Places answers and the search cache's places, checked with lib/client/rules.ts instead of
// the routes' zod schemas (lib/places/schemas.ts): Targets must not load zod at first paint.
// tests/unit/client-rules.test.ts holds each rule to its schema.

const openingTime: r.Rule<OpeningTime> = r.object({
  day: r.number({ int: true, min: 0, max: 6 }),
  hour: r.number({ int: true, min: 0, max: 23 }),
  minute: r.number({ int: true, min: 0, max: 59 }),
});

const openingHours: r.Rule<OpeningHours> = r.object({
  open_now: r.nullable(r.boolean),
  periods: r.array(r.object({ open: openingTime, close: r.nullable(openingTime) })),
  weekday_text: r.array(r.string()),
});

const nullableString = r.nullable(r.string());
const nullableInt = r.nullable(r.number({ int: true }));

/** `placeSchema`. */
export const placeRule: r.Rule<Place> = r.object({
  place_id: r.string({ min: 1 }),
  name: r.string(),
  address: nullableString,
  rating: r.nullable(r.number()),
  user_ratings_total: nullableInt,
  phone: nullableString,
  website: nullableString,
  place_url: nullableString,
  primaryType: nullableString,
  opening_hours: r.nullable(openingHours),
  geometry: r.nullable(
    r.object({
      lat: r.number({ min: -90, max: 90 }),
      lng: r.number({ min: -180, max: 180 }),
    }),
  ),
  utc_offset_minutes: nullableInt,
});

/** `searchResponseSchema`. */
export const searchAnswer: r.Rule<SearchResponse> = r.object({
  places: r.array(placeRule),
  nextPageToken: nullableString,
  demo: r.boolean,
  detailsIncluded: r.boolean,
});

/** `placeDetailsResponseSchema`. */
export const placeDetailsAnswer: r.Rule<PlaceDetailsResponse> = r.object({
  place: placeRule,
  demo: r.boolean,
});

/**
 * A place's details through the places route, under one key for every screen that reads them
 * (the drawer opened from a call, the Missed Calls names), kept five minutes.
 */
export function placeDetailsQuery(placeId: string) {
  return queryOptions({
    queryKey: ["place", placeId] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/api/places/${encodeURIComponent(placeId)}`, {
        schema: placeDetailsAnswer,
        credential: "rep",
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
