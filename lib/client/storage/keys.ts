import "client-only";
import * as r from "@/lib/client/rules";
import { defineKey } from "./core";

// Every item DialFlow keeps in browser storage, listed here so that names cannot collide and the
// whole picture stays visible (tests/unit/account-security.test.ts finds every defineKey in the
// code, refuses a name used twice, and holds each to this list's side: preference or data).
// The keys every feature shares are defined below; a feature's own keys beside its code.
//
//   name                         area     scope   kind        defined in
//   auth.token, auth.user        local    global  data        ./session-keys.ts
//   admin.token                  session  global  data        ./session-keys.ts
//   prefs.timeZone               local    global  preference  here
//   sidebar.collapsed            local    global  preference  here
//   keys.singleKey               local    global  preference  here
//   prefs.callbackPush           local    global  preference  modules/callbacks/client/push-pref.ts
//   dialer.sounds, .machineDetection, .docked, .minimised
//                                local    global  preference  modules/dialer/lib/storage-keys.ts
//   dialer.position              session  global  preference  modules/dialer/lib/storage-keys.ts
//   dialer.audioDevices          local    user    preference  modules/dialer/lib/storage-keys.ts
//   drawer.mapEnabled            local    global  preference  modules/facility/lib/store.ts
//   facility.<place_id>          local    user    data        modules/facility/lib/store.ts
//   profile.form                 local    user    data        modules/profile/lib/storage-keys.ts
//   profile.verifyCooldownUntil  session  user    data        modules/profile/lib/storage-keys.ts
//   calls.outbox                 local    user    data        modules/calls/client/storage-keys.ts
//   calls.pendingOutcome         session  user    data        modules/calls/client/storage-keys.ts
//   dialing.sessions             local    user    data        modules/power-dial/lib/storage-keys.ts
//   dialing.run                  session  user    data        modules/power-dial/lib/saved-run.ts
//   records.outbox               local    user    data        modules/records/client/outbox-key.ts
//   targets.cache.<query>        session  user    data        modules/targets/lib/search-cache.ts
//   records.sync.<place_id>      local    user    data        modules/records/client/sync-keys.ts
//   records.account.<place_id>   local    user    data        modules/records/client/sync-keys.ts
//
// Preferences are what Settings' Clear Preferences removes
// (modules/account-security/lib/clear-preferences.ts). The values are checked with
// lib/client/rules.ts, not zod: these modules are in every /app page's first load;
// tests/unit/client-rules.test.ts holds each rule to a zod schema. next-themes keeps the theme
// under "theme" (its own storage code, configured in components/providers.tsx).

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
