import "client-only";
import { z } from "zod";
import { pointSchema } from "@/lib/dialer/position";
import { outboxSchema } from "@/lib/client/calls/outbox-entry";
import { emptyFacilityData, facilityDataSchema, type FacilityData } from "@/lib/facility/schemas";
import { storedProfileSchema } from "@/lib/profile/profile-form";
import { DISPOSITIONS } from "@/lib/calls/dispositions";
import { defineKey, defineKeyFamily } from "./core";

// Every item DialFlow keeps in browser storage, in one place. Add new keys (or key families)
// here so their names cannot collide and the whole picture stays visible. Families whose schema
// belongs to a domain module may be defined there; list their prefix here:
//   targets.cache.<query>   session, per user   lib/targets/search-cache.ts
// next-themes keeps the theme under "theme" (its own storage code, configured in
// components/providers.tsx).

/** For values stored as bare JSON before the storage module wrapped them in a version. */
function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export { operatorTokenKey, sessionTokenKey, sessionUserKey } from "./session-keys";

/** Spec: the sidebar's collapsed flag is remembered (null: never chosen, the cookie decides). */
export const sidebarCollapsedKey = defineKey({
  name: "sidebar.collapsed",
  version: 1,
  area: "local",
  scope: "global",
  schema: z.boolean().nullable(),
  fallback: null,
  legacy: (raw) => (raw === "1" ? true : raw === "0" ? false : undefined),
});

/** The Dialer Sounds preference (on unless turned off). */
export const dialerSoundsKey = defineKey({
  name: "dialer.sounds",
  version: 1,
  area: "local",
  scope: "global",
  schema: z.boolean(),
  fallback: true,
  legacy: (raw) => (raw === "on" ? true : raw === "off" ? false : undefined),
});

/** Where the floating dialer was dragged to, for this tab. */
export const dialerPositionKey = defineKey({
  name: "dialer.position",
  version: 1,
  area: "session",
  scope: "global",
  schema: pointSchema.nullable(),
  fallback: null,
  legacy: parseJson,
});

/** When the last verification mail's 60 s cooldown ends (epoch ms), per tab and user. */
export const verifyCooldownKey = defineKey({
  name: "profile.verifyCooldownUntil",
  version: 1,
  area: "session",
  scope: "user",
  schema: z.number().int().nonnegative(),
  fallback: 0,
});

/** The local Profile form (spec 3: kept in this browser only), per signed-in user. */
export const profileFormKey = defineKey({
  name: "profile.form",
  version: 1,
  area: "local",
  scope: "user",
  schema: storedProfileSchema.nullable(),
  fallback: null,
  legacy: parseJson,
});

/**
 * Spec 3 "Facility local data": one entry per place_id, personal to the signed-in rep
 * (lib/facility/store.ts owns reading and writing it). Bump the version when FacilityData changes.
 */
export const facilityFamily = defineKeyFamily<FacilityData>({
  prefix: "facility",
  version: 1,
  area: "local",
  scope: "user",
  schema: facilityDataSchema,
  fallback: emptyFacilityData,
});

/** Spec "Other stored browser flags": the facility drawer's Open Map toggle. */
export const drawerMapKey = defineKey({
  name: "drawer.mapEnabled",
  version: 1,
  area: "local",
  scope: "global",
  schema: z.boolean(),
  fallback: false,
});

/**
 * Call requests (records and dispositions) not yet accepted by the server, oldest first, per
 * rep (lib/client/calls/outbox.ts sends them). Local, so a call made offline survives a reload.
 */
export const callOutboxKey = defineKey({
  name: "calls.outbox",
  version: 1,
  area: "local",
  scope: "user",
  schema: outboxSchema,
  fallback: [],
});

/**
 * The rep's power-dial session summaries (issue 15: "kept so the rep can see today's sessions"),
 * newest last, at most 50; the summary dialog shows today's (lib/dialing/summary.ts).
 */
export const powerDialSummariesKey = defineKey({
  name: "dialing.sessions",
  version: 1,
  area: "local",
  scope: "user",
  schema: z.array(
    z.object({
      startedAt: z.string(),
      endedAt: z.string(),
      dials: z.number().int().nonnegative(),
      conversations: z.number().int().nonnegative(),
      talkSeconds: z.number().nonnegative(),
      dispositions: z.partialRecord(z.enum(DISPOSITIONS), z.number().int().nonnegative()),
      undisposed: z.number().int().nonnegative(),
      skipped: z.number().int().nonnegative(),
      secondsPerDial: z.number().nonnegative().nullable(),
    }),
  ),
  fallback: [],
});
