import "client-only";
import { apiClient } from "@/lib/client/api-client";
import * as r from "@/lib/client/rules";

// The dialer's do-not-call check, its answer checked with lib/client/rules.ts instead of the
// route's zod schema (./schemas.ts): the check is in every /app page's first load (the dialer asks
// before each call). tests/unit/client-rules.test.ts holds the rule to its schema.

/** `dncCheckResponseSchema`. */
export const dncCheckAnswer = r.object({ number: r.nullable(r.string()), doNotCall: r.boolean });

/** Asks the server whether the team may dial this number (its do-not-call list). */
export function checkDoNotCall(digits: string) {
  return apiClient.get("/api/do-not-call/check", {
    schema: dncCheckAnswer,
    credential: "rep",
    query: { number: digits },
  });
}
