import "client-only";
import { defineKey } from "@/lib/client/storage";
import * as r from "@/lib/client/rules";
import { placeRule } from "@/modules/places/client/places.gen";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import type { SavedRun } from "./session-engine";

/**
 * The running power-dial session, kept in this tab so that a reload offers to resume it where it
 * was: its businesses, where it is, and its figures so far. Session storage, per rep:
 * it lives as long as the tab. Listed in lib/client/storage/keys.ts; defined here, in the
 * session's lazily loaded code.
 */
export const powerDialRunKey = defineKey<SavedRun | null>({
  name: "dialing.run",
  version: 1,
  area: "session",
  scope: "user",
  schema: r.nullable(
    r.object({
      places: r.array(placeRule, { max: 500 }),
      index: r.count,
      phase: r.oneOf(["reserving", "calling", "countdown"] as const),
      startedAt: r.number({ min: 0 }),
      countdownMs: r.number({ min: 0 }),
      calls: r.array(
        r.object({
          placeId: r.string({ min: 1 }),
          disposition: r.nullable(r.oneOf(DISPOSITIONS)),
          talkSeconds: r.number({ min: 0 }),
        }),
      ),
      queued: r.count,
      skipped: r.count,
      leftOut: r.count,
      reserved: r.nullable(r.string({ min: 1 })),
      callId: r.nullable(r.string({ min: 1 })),
    }),
  ),
  fallback: null,
});
