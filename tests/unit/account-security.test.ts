// Account security's browser half: the password form's own check (the spec's minimums) and Clear
// Preferences, which resets preferences and nothing else.
import { beforeEach, describe, expect, it } from "vitest";
import { validatePasswordChange } from "@/modules/account-security/lib/password-form";
import { changePasswordBodySchema } from "@/modules/account-security/lib/schemas";
import fs from "node:fs";
import path from "node:path";
import * as shared from "@/lib/client/storage";
import { installFakeWindow } from "../support/fake-browser";

const win = installFakeWindow();
const doc = { cookie: "" };
(globalThis as { document?: unknown }).document = doc;
const { clearStoredPreferences, preferenceKeys } =
  await import("@/modules/account-security/lib/clear-preferences");

/** Every module that defines a storage key (defineKey), by its path. */
const keyModules = {
  "lib/client/storage/keys.ts": shared,
  "lib/client/storage/session-keys.ts": shared,
  "modules/dialer/lib/storage-keys.ts": await import("@/modules/dialer/lib/storage-keys"),
  "modules/profile/lib/storage-keys.ts": await import("@/modules/profile/lib/storage-keys"),
  "modules/calls/client/storage-keys.ts": await import("@/modules/calls/client/storage-keys"),
  "modules/power-dial/lib/storage-keys.ts": await import("@/modules/power-dial/lib/storage-keys"),
  "modules/facility/lib/store.ts": await import("@/modules/facility/lib/store"),
  "modules/records/client/outbox-key.ts": await import("@/modules/records/client/outbox-key"),
  "modules/power-dial/lib/saved-run.ts": await import("@/modules/power-dial/lib/saved-run"),
  "modules/callbacks/client/push-pref.ts": await import("@/modules/callbacks/client/push-pref"),
} as const;
const storage = Object.assign({}, ...Object.values(keyModules)) as typeof shared &
  typeof import("@/modules/dialer/lib/storage-keys") &
  typeof import("@/modules/profile/lib/storage-keys") &
  typeof import("@/modules/facility/lib/store") &
  typeof import("@/modules/callbacks/client/push-pref");

/** The code's files that call defineKey (the storage module's own core aside). */
function filesDefiningKeys(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (
        /\.tsx?$/.test(entry.name) &&
        /\bdefineKey\s*[<(]/.test(fs.readFileSync(file, "utf8"))
      )
        found.push(file.split(path.sep).join("/"));
    }
  };
  for (const dir of ["app", "components", "lib", "modules"]) visit(dir);
  return found.filter((file) => file !== "lib/client/storage/core.ts").sort();
}

describe("validatePasswordChange", () => {
  const ok = { current: "sixsix", next: "eight888", confirm: "eight888" };

  it("accepts the spec's exact minimums: 6 for the current password, 8 for the new ones", () => {
    expect(validatePasswordChange(ok)).toEqual({});
    expect(
      changePasswordBodySchema.safeParse({
        currentPassword: ok.current,
        newPassword: ok.next,
        confirmPassword: ok.confirm,
      }).success,
    ).toBe(true);
  });

  it("refuses one character less, a mismatch, the same password and more than 256", () => {
    expect(
      validatePasswordChange({ current: "five5", next: "seven77", confirm: "seven77" }),
    ).toEqual({ current: "currentTooShort", next: "newTooShort", confirm: "newTooShort" });
    expect(validatePasswordChange({ ...ok, confirm: "eight889" })).toEqual({ confirm: "mismatch" });
    expect(
      validatePasswordChange({ current: "eight888", next: "eight888", confirm: "eight888" }),
    ).toEqual({ next: "sameAsCurrent" });
    const long = "x".repeat(257);
    expect(validatePasswordChange({ ...ok, next: long, confirm: long })).toEqual({
      next: "tooLong",
      confirm: "tooLong",
    });
  });

  it("agrees with the server's schema on every case", () => {
    const cases = [
      { current: "five5", next: "eight888", confirm: "eight888" },
      { current: "sixsix", next: "seven77", confirm: "seven77" },
      { current: "sixsix", next: "eight888", confirm: "eight889" },
      { current: "eight888", next: "eight888", confirm: "eight888" },
      { current: "sixsix", next: "y".repeat(256), confirm: "y".repeat(256) },
      { current: "sixsix", next: "y".repeat(257), confirm: "y".repeat(257) },
    ];
    for (const c of cases) {
      const server = changePasswordBodySchema.safeParse({
        currentPassword: c.current,
        newPassword: c.next,
        confirmPassword: c.confirm,
      }).success;
      expect(Object.keys(validatePasswordChange(c)).length === 0, JSON.stringify(c)).toBe(server);
    }
  });
});

describe("clearStoredPreferences", () => {
  beforeEach(() => {
    win.localStorage.clear();
    win.sessionStorage.clear();
    doc.cookie = "";
  });

  // Every stored key (lib/client/storage/keys.ts lists them) is either a preference (cleared) or
  // data (kept): a new key must be placed on one side, here and in clear-preferences.ts.
  const kept = new Set([
    "auth.token",
    "auth.user",
    "admin.token",
    "profile.verifyCooldownUntil",
    "profile.form",
    "calls.outbox",
    "calls.pendingOutcome",
    "dialing.sessions",
    "dialing.run",
    "records.outbox",
  ]);

  it("knows every stored key as a preference or as data, each name once", () => {
    expect(filesDefiningKeys()).toEqual(Object.keys(keyModules).sort());
    const defined = new Set(
      Object.values(keyModules).flatMap((module) =>
        (Object.values(module) as unknown[]).filter(
          (v): v is { name: string } =>
            typeof v === "object" && v !== null && "name" in v && "version" in v && "area" in v,
        ),
      ),
    );
    const names = [...defined].map((k) => k.name).sort();
    expect(new Set(names).size).toBe(names.length);
    const classified = [...kept, ...preferenceKeys.map((k) => k.name)].sort();
    expect(names).toEqual(classified);
  });

  it("removes the preferences and keeps the session, the profile form and unsent calls", () => {
    storage.writeStored(storage.sessionTokenKey, "token-1");
    storage.writeStored(storage.sessionUserKey, "rep1");
    storage.writeStored(storage.timeZoneKey, "Asia/Tokyo");
    storage.writeStored(storage.sidebarCollapsedKey, true);
    storage.writeStored(storage.dialerSoundsKey, false);
    storage.writeStored(storage.singleKeyShortcutsKey, false);
    storage.writeStored(storage.drawerMapKey, true);
    storage.writeStored(storage.callbackPushKey, false);
    storage.writeStored(storage.dialerPositionKey, { x: 10, y: 20 });
    storage.writeStored(storage.audioDevicesKey, { microphoneId: "mic", speakerId: null });
    storage.writeStored(storage.profileFormKey, { displayName: "Rep One" });
    win.localStorage.setItem("facility.place-1:rep1", '{"v":1,"value":{}}');
    win.localStorage.setItem("theme", "dark");

    clearStoredPreferences();

    expect(storage.readStored(storage.timeZoneKey)).toBeNull();
    expect(storage.readStored(storage.sidebarCollapsedKey)).toBeNull();
    expect(storage.readStored(storage.dialerSoundsKey)).toBe(true);
    expect(storage.readStored(storage.singleKeyShortcutsKey)).toBe(true);
    expect(storage.readStored(storage.drawerMapKey)).toBe(false);
    expect(storage.readStored(storage.callbackPushKey)).toBe(true);
    expect(storage.readStored(storage.dialerPositionKey)).toBeNull();
    expect(storage.readStored(storage.audioDevicesKey)).toEqual({
      microphoneId: null,
      speakerId: null,
    });
    expect(doc.cookie).toMatch(/max-age=0/);

    expect(storage.readStored(storage.sessionTokenKey)).toBe("token-1");
    expect(storage.readStored(storage.sessionUserKey)).toBe("rep1");
    expect(storage.readStored(storage.profileFormKey)).toEqual({ displayName: "Rep One" });
    expect(win.localStorage.getItem("facility.place-1:rep1")).not.toBeNull();
  });
});
