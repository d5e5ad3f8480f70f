import "client-only";
import * as r from "@/lib/client/rules";
import { defineKey, legacyJson } from "@/lib/client/storage";
import { pointSchema } from "./position";

// What the dialer keeps in browser storage (every key's name is listed in
// lib/client/storage/keys.ts). All of them are preferences: Settings' Clear Preferences removes
// them (modules/settings/lib/preferences.ts).

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
  legacy: legacyJson,
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
