import "client-only";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";
import type {
  DialSettings,
  PlaceCheck,
  PreviewBody,
  PreviewResponse,
  ReservationResponse,
} from "@/lib/dialing/schemas";

// The power-dial and do-not-call answers, checked with lib/client/rules.ts instead of the routes'
// zod schemas (lib/dialing/schemas.ts): the do-not-call check is in every /app page's first load
// (the dialer asks before each call). tests/unit/client-rules.test.ts holds each to its schema.

/** `dncCheckResponseSchema`. */
export const dncCheckAnswer = r.object({ number: r.nullable(r.string()), doNotCall: r.boolean });

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

/** Asks the server whether the team may dial this number (its do-not-call list). */
export function checkDoNotCall(digits: string) {
  return apiClient.get("/api/do-not-call/check", {
    schema: dncCheckAnswer,
    credential: "rep",
    query: { number: digits },
  });
}

export const dialSettingsKey = ["dialing", "settings"] as const;

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
