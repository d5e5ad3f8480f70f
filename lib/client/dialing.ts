import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { dncCheckResponseSchema } from "@/lib/dialing/schemas";

/** Asks the server whether the team may dial this number (its do-not-call list). */
export function checkDoNotCall(digits: string) {
  return apiClient.get("/api/do-not-call/check", {
    schema: dncCheckResponseSchema,
    credential: "rep",
    query: { number: digits },
  });
}
