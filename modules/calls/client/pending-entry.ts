import * as r from "@/lib/client/rules";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import type { DialContext } from "@/modules/dialer/lib/types";
import type { PendingDisposition } from "./recorder";

// The call waiting for its outcome, as kept in this tab's session storage
// (./storage-keys.ts, pendingOutcomeKey) so that a reload asks again instead of
// forgetting it. Checked with lib/client/rules.ts: it is read in every /app page.

const contextSchema: r.Rule<DialContext> = r.object({
  placeId: r.string({ min: 1, max: 512 }),
  placeName: r.optional(r.nullable(r.string({ max: 512 }))),
  utcOffsetMinutes: r.optional(r.nullable(r.number({ int: true }))),
  category: r.optional(r.nullable(r.string({ max: 200 }))),
});

export const pendingOutcomeSchema: r.Rule<PendingDisposition> = r.object({
  callId: r.uuid,
  number: r.string({ max: 64 }),
  context: r.nullable(contextSchema),
  talkSeconds: r.nullable(r.count),
  endedAt: r.count,
  suggested: r.nullable(r.oneOf(DISPOSITIONS)),
});
