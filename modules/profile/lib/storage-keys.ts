import "client-only";
import * as r from "@/lib/client/rules";
import { defineKey, legacyJson } from "@/lib/client/storage";
import { profileLanguages, profileThemes, type StoredProfile } from "./profile-form";

// What Profile keeps in browser storage (every key's name is listed in
// lib/client/storage/keys.ts). Both are data, not preferences: Clear Preferences keeps them.

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
  legacy: legacyJson,
});
