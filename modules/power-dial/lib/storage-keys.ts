import "client-only";
import * as r from "@/lib/client/rules";
import { defineKey } from "@/lib/client/storage";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";

// What power dialing keeps in browser storage (every key's name is listed in
// lib/client/storage/keys.ts): data, which Clear Preferences keeps.

/**
 * The rep's power-dial session summaries ("kept so the rep can see today's sessions"),
 * newest last, at most 50; the summary dialog shows today's (./summary.ts).
 */
export const powerDialSummariesKey = defineKey({
  name: "dialing.sessions",
  // 2: the figures add up (queued = dials + skipped + not dialed; left out apart).
  // 3: "not reached" renamed "not dialed" (it counts businesses the session never dialed, which
  // "not reached" confused with calls nobody answered).
  version: 3,
  area: "local",
  scope: "user",
  schema: r.array(
    r.object({
      startedAt: r.string(),
      endedAt: r.string(),
      dials: r.count,
      conversations: r.count,
      talkSeconds: r.number({ min: 0 }),
      dispositions: r.partialRecord(DISPOSITIONS, r.count),
      undisposed: r.count,
      queued: r.count,
      skipped: r.count,
      notDialed: r.count,
      leftOut: r.count,
      secondsPerDial: r.nullable(r.number({ min: 0 })),
      answeredByPerson: r.optional(r.count),
      abandoned: r.optional(r.count),
    }),
  ),
  fallback: [],
});
