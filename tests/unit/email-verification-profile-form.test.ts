import { describe, expect, it } from "vitest";
import { readStored, sessionUserKey, writeStored } from "@/lib/client/storage";
import { profileFormKey } from "@/modules/profile/lib/storage-keys";
import {
  SUMMARY_MAX,
  validateProfile,
  withProfileDefaults,
  type ProfileForm,
} from "@/modules/profile/lib/profile-form";
import { installFakeWindow } from "../support/fake-browser";

const win = installFakeWindow();

const defaults: ProfileForm = {
  displayName: "rep",
  role: "Account Executive",
  email: "",
  summary: "",
  language: "en",
  theme: "system",
};

describe("local profile form", () => {
  it("requires display name, role and email; summary at most 800 characters", () => {
    expect(validateProfile({ ...defaults, email: "a@b.co" })).toEqual({});
    expect(validateProfile({ ...defaults, displayName: " ", role: "", email: "" })).toEqual({
      displayName: "required",
      role: "required",
      email: "required",
    });
    expect(
      validateProfile({ ...defaults, email: "a@b.co", summary: "x".repeat(SUMMARY_MAX) }),
    ).toEqual({});
    expect(
      validateProfile({ ...defaults, email: "a@b.co", summary: "x".repeat(SUMMARY_MAX + 1) }),
    ).toEqual({
      summary: "tooLong",
    });
  });

  it("round-trips through storage per user and falls back to defaults for bad data", () => {
    const form: ProfileForm = {
      ...defaults,
      email: "a@b.co",
      language: "fr",
      theme: "dark",
      summary: "Hi",
    };
    const read = () => withProfileDefaults(readStored(profileFormKey), defaults);
    writeStored(sessionUserKey, "rep");
    expect(writeStored(profileFormKey, form)).toEqual({ ok: true });
    expect(read()).toEqual(form);
    writeStored(sessionUserKey, "other");
    expect(read()).toEqual(defaults);
    writeStored(sessionUserKey, "rep");

    // A form saved before the storage module (bare JSON) is still read, missing fields defaulted.
    win.localStorage.setItem("profile.form:rep", JSON.stringify({ email: "old@b.co" }));
    expect(read()).toEqual({ ...defaults, email: "old@b.co" });

    win.localStorage.setItem(
      "profile.form:rep",
      JSON.stringify({ language: "de", theme: "neon", role: 7 }),
    );
    expect(read()).toEqual(defaults);
    expect(win.localStorage.getItem("profile.form:rep.corrupt")).toContain("neon");
    win.localStorage.setItem("profile.form:rep", "{not json");
    expect(read()).toEqual(defaults);
  });

  it("cuts an over-long stored summary to the limit", () => {
    expect(
      withProfileDefaults({ summary: "x".repeat(SUMMARY_MAX + 5) }, defaults).summary,
    ).toHaveLength(SUMMARY_MAX);
  });
});
