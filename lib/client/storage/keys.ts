import "client-only";
import { pointSchema } from "@/modules/dialer/lib/position";
import { outboxSchema } from "@/modules/calls/client/outbox-entry";
import { pendingOutcomeSchema } from "@/modules/calls/client/pending-entry";
import * as r from "@/lib/client/rules";
import {
  profileLanguages,
  profileThemes,
  type StoredProfile,
} from "@/modules/profile/lib/profile-form";
import { DISPOSITIONS } from "@/modules/calls/lib/dispositions";
import { defineKey } from "./core";

// Every item DialFlow keeps in browser storage, in one place. Add new keys (or key families)
// here so their names cannot collide and the whole picture stays visible. Families whose schema
// belongs to a domain module may be defined there; list their prefix here:
//   targets.cache.<query>   session, per user   modules/targets/lib/search-cache.ts
//   facility.<place_id>     local, per user     modules/facility/lib/store.ts (zod: facilityDataSchema)
//   records.sync.<place_id> local, per user     modules/records/client/sync-keys.ts
//   records.account.<place_id> local, per user  modules/records/client/sync-keys.ts
// The values here are checked with lib/client/rules.ts, not zod: this module is in every /app
// page's first load. tests/unit/client-rules.test.ts holds each rule to a zod schema.
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

/**
 * The time zone times are shown in (Settings): an IANA name, or null for the
 * browser's own (lib/i18n/time-zone.ts). Per device, like the theme.
 */
export const timeZoneKey = defineKey<string | null>({
  name: "prefs.timeZone",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.nullable(r.string({ max: 64 })),
  fallback: null,
});

/** Spec: the sidebar's collapsed flag is remembered (null: never chosen, the cookie decides). */
export const sidebarCollapsedKey = defineKey({
  name: "sidebar.collapsed",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.nullable(r.boolean),
  fallback: null,
  legacy: (raw) => (raw === "1" ? true : raw === "0" ? false : undefined),
});

/** The Dialer Sounds preference (on unless turned off). */
export const dialerSoundsKey = defineKey({
  name: "dialer.sounds",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.boolean,
  fallback: true,
  legacy: (raw) => (raw === "on" ? true : raw === "off" ? false : undefined),
});

/** Answering-machine detection on the calls the rep places (on unless turned off). */
export const machineDetectionKey = defineKey({
  name: "dialer.machineDetection",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.boolean,
  fallback: true,
});

/** Where the floating dialer was dragged to, for this tab. */
export const dialerPositionKey = defineKey({
  name: "dialer.position",
  version: 1,
  area: "session",
  scope: "global",
  schema: r.nullable(pointSchema),
  fallback: null,
  legacy: parseJson,
});

/** Whether the dialer docks in a column beside the page on wide screens (the default) or floats. */
export const dialerDockedKey = defineKey({
  name: "dialer.docked",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.boolean,
  fallback: true,
});

/** Whether the rep minimised the dialer (or opened it again); null until they chose. */
export const dialerMinimisedKey = defineKey({
  name: "dialer.minimised",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.nullable(r.boolean),
  fallback: null,
});

/** When the last verification mail's 60 s cooldown ends (epoch ms), per tab and user. */
export const verifyCooldownKey = defineKey({
  name: "profile.verifyCooldownUntil",
  version: 1,
  area: "session",
  scope: "user",
  schema: r.count,
  fallback: 0,
});

/**
 * The form as kept in the browser. Fields may be missing (older saves); a field of the wrong
 * type makes the whole value corrupt, so it is set aside and reported instead of half-read.
 */
const storedProfile: r.Rule<StoredProfile> = r.object({
  displayName: r.optional(r.string()),
  role: r.optional(r.string()),
  email: r.optional(r.string()),
  summary: r.optional(r.string()),
  language: r.optional(r.oneOf(profileLanguages)),
  theme: r.optional(r.oneOf(profileThemes)),
});

/** The local Profile form (spec 3: kept in this browser only), per signed-in user. */
export const profileFormKey = defineKey({
  name: "profile.form",
  version: 1,
  area: "local",
  scope: "user",
  schema: r.nullable(storedProfile),
  fallback: null,
  legacy: parseJson,
});

/**
 * Single-key shortcuts (the outcome keys 1-9, the session's Space, Enter, P and Escape, M for
 * mute) on or off: a rep using speech input or a switch can turn them off (WCAG 2.1.4).
 */
export const singleKeyShortcutsKey = defineKey({
  name: "keys.singleKey",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.boolean,
  fallback: true,
});

/** Spec "Other stored browser flags": the facility drawer's Open Map toggle. */
export const drawerMapKey = defineKey({
  name: "drawer.mapEnabled",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.boolean,
  fallback: false,
});

/**
 * Call requests (records and dispositions) not yet accepted by the server, oldest first, per
 * rep (modules/calls/client/outbox.ts sends them). Local, so a call made offline survives a reload.
 */
export const callOutboxKey = defineKey({
  name: "calls.outbox",
  version: 1,
  area: "local",
  scope: "user",
  schema: outboxSchema,
  fallback: [],
});

/** The ended call still waiting for its outcome, for this tab: a reload asks again. */
export const pendingOutcomeKey = defineKey({
  name: "calls.pendingOutcome",
  version: 1,
  area: "session",
  scope: "user",
  schema: r.nullable(pendingOutcomeSchema),
  fallback: null,
});

/**
 * The rep's power-dial session summaries ("kept so the rep can see today's sessions"),
 * newest last, at most 50; the summary dialog shows today's (modules/power-dial/lib/summary.ts).
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

/** The rep's microphone and speaker for real calls (device ids; null: the browser's default). */
export const audioDevicesKey = defineKey({
  name: "dialer.audioDevices",
  version: 1,
  area: "local",
  scope: "user",
  schema: r.object({
    microphoneId: r.nullable(r.string({ max: 512 })),
    speakerId: r.nullable(r.string({ max: 512 })),
  }),
  fallback: { microphoneId: null, speakerId: null },
});
