import "client-only";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";
import type {
  DialSettings,
  PlaceCheck,
  PreviewBody,
  PreviewResponse,
  ReservationResponse,
} from "./schemas";

// The browser's power-dial requests, their answers checked with lib/client/rules.ts instead of
// the routes' zod schemas (./schemas.ts), which would add zod to the Targets page's first load.
// tests/unit/client-rules.test.ts holds each rule to its schema.

const minuteOfDay = r.number({ int: true, min: 0, max: 1439 });

/** `dialSettingsSchema`. */
export const dialSettingsAnswer: r.Rule<DialSettings> = r.object({
  countdownSeconds: r.number({ int: true, min: 1 }),
  reservationMinutes: r.number({ int: true, min: 1 }),
  recentHours: r.number({ int: true, min: 0 }),
  window: r.object({
    startMinute: minuteOfDay,
    endMinute: minuteOfDay,
    days: r.array(r.number({ int: true, min: 0, max: 6 })),
  }),
});

const placeCheck: r.Rule<PlaceCheck> = r.object({
  doNotCall: r.boolean,
  reservedBy: r.nullable(r.string()),
  recentCallAt: r.nullable(r.isoDateTime),
});

/** `previewResponseSchema`. */
export const previewAnswer: r.Rule<PreviewResponse> = r.object({
  settings: dialSettingsAnswer,
  places: r.record(placeCheck),
});

/** `reservationResponseSchema`. */
export const reservationAnswer: r.Rule<ReservationResponse> = r.object({
  reservation: r.object({ placeId: r.string(), expiresAt: r.isoDateTime }),
});

/** `releaseResponseSchema`. */
export const releaseAnswer = r.object({ released: r.boolean });

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
