import "client-only";
import { apiClient } from "@/lib/client/api-client";
import {
  dialSettingsAnswer,
  previewAnswer,
  releaseAnswer,
  reservationAnswer,
} from "@/modules/power-dial/client/power-dial.gen";
import type { PreviewBody } from "./schemas";

// The browser's power-dial requests, their answers checked by rules generated from the routes'
// zod schemas (./schemas.ts; npm run gen:rules): zod itself would add to the Targets page's
// first load.

/** The TanStack Query keys of power dialing. */
export const powerDialKeys = {
  settings: ["dialing", "settings"] as const,
  preview: (places: PreviewBody["places"]) => ["dialing", "preview", places] as const,
};

/** The server's power-dial settings (they change only with a restart: cached for the page). */
export function fetchDialSettings({ signal }: { signal?: AbortSignal }) {
  return apiClient.get("/api/dialing/settings", {
    schema: dialSettingsAnswer,
    credential: "rep",
    signal,
  });
}

/** What the server knows about a session's places (do-not-call, colleagues' reservations, recent calls). */
export function fetchDialPreview(places: PreviewBody["places"]) {
  return apiClient.post(
    "/api/dialing/preview",
    { places },
    { schema: previewAnswer, credential: "rep" },
  );
}

/** Reserves a place for this rep's session; throws an ApiClientError with status 409 when a colleague holds it. */
export function reservePlace(placeId: string) {
  return apiClient.post(
    `/api/dialing/reservations/${encodeURIComponent(placeId)}`,
    {},
    { schema: reservationAnswer, credential: "rep" },
  );
}

/** Releases this rep's reservation (skip, stop, end of the session). */
export function releasePlace(placeId: string) {
  return apiClient.delete(`/api/dialing/reservations/${encodeURIComponent(placeId)}`, {
    schema: releaseAnswer,
    credential: "rep",
  });
}
