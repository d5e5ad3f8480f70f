import "client-only";
import { apiClient } from "@/lib/client/api-client";
import {
  dialSettingsSchema,
  dncCheckResponseSchema,
  previewResponseSchema,
  releaseResponseSchema,
  reservationResponseSchema,
  type PreviewBody,
} from "@/lib/dialing/schemas";

/** Asks the server whether the team may dial this number (its do-not-call list). */
export function checkDoNotCall(digits: string) {
  return apiClient.get("/api/do-not-call/check", {
    schema: dncCheckResponseSchema,
    credential: "rep",
    query: { number: digits },
  });
}

export const dialSettingsKey = ["dialing", "settings"] as const;

/** The server's power-dial settings (they change only with a restart: cached for the page). */
export function fetchDialSettings({ signal }: { signal?: AbortSignal }) {
  return apiClient.get("/api/dialing/settings", {
    schema: dialSettingsSchema,
    credential: "rep",
    signal,
  });
}

/** What the server knows about a session's places (do-not-call, colleagues' reservations, recent calls). */
export function fetchDialPreview(places: PreviewBody["places"]) {
  return apiClient.post(
    "/api/dialing/preview",
    { places },
    { schema: previewResponseSchema, credential: "rep" },
  );
}

/** Reserves a place for this rep's session; throws an ApiClientError with status 409 when a colleague holds it. */
export function reservePlace(placeId: string) {
  return apiClient.post(
    `/api/dialing/reservations/${encodeURIComponent(placeId)}`,
    {},
    { schema: reservationResponseSchema, credential: "rep" },
  );
}

/** Releases this rep's reservation (skip, stop, end of the session). */
export function releasePlace(placeId: string) {
  return apiClient.delete(`/api/dialing/reservations/${encodeURIComponent(placeId)}`, {
    schema: releaseResponseSchema,
    credential: "rep",
  });
}
