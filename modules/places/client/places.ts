import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/client/api-client";
import { placeDetailsAnswer } from "@/modules/places/client/places.gen";
import { placesKeys } from "./keys";

/**
 * A place's details through the places route, under one key for every screen that reads them
 * (the drawer opened from a call, the Missed Calls names), kept five minutes.
 */
export function placeDetailsQuery(placeId: string) {
  return queryOptions({
    queryKey: placesKeys.details(placeId),
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
