import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { dncCheckAnswer } from "@/modules/do-not-call/client/do-not-call.gen";

// The dialer's do-not-call check, its answer checked by a rule generated from the route's zod
// schema (./schemas.ts; npm run gen:rules): the check is in every /app page's first load (the
// dialer asks before each call), which has no room for zod.

/** Asks the server whether the team may dial this number (its do-not-call list). */
export function checkDoNotCall(digits: string) {
  return apiClient.get("/api/do-not-call/check", {
    schema: dncCheckAnswer,
    credential: "rep",
    query: { number: digits },
  });
}
