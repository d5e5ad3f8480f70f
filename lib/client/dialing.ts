import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { dialSettingsSchema, dncCheckResponseSchema } from "@/lib/dialing/schemas";

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
