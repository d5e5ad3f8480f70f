import { apiClient } from "@/lib/client/api-client";
import { placeDetailsAnswer, searchAnswer } from "@/modules/places/client/places.gen";

// Targets' search through the places routes (a page of results, then each result's details),
// handed to the search session by modules/targets/components/targets-runtime.ts, which loads
// once the page has hydrated: these load with it.

/** One page of a search's results. */
export function searchPlaces(q: string, pageToken: string | undefined, signal?: AbortSignal) {
  return apiClient.get("/api/places/search", {
    query: { q, pageToken },
    schema: searchAnswer,
    credential: "rep",
    signal,
  });
}

/** One result's details (phone, website, hours). */
export async function fetchPlaceDetails(placeId: string, signal?: AbortSignal) {
  return (
    await apiClient.get(`/api/places/${encodeURIComponent(placeId)}`, {
      schema: placeDetailsAnswer,
      credential: "rep",
      signal,
    })
  ).place;
}
