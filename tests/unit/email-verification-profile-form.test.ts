import { describe, expect, it } from "vitest";
import {
  profileStorageKey,
  readStoredProfile,
  SUMMARY_MAX,
  validateProfile,
  writeStoredProfile,
  type ProfileForm,
} from "@/lib/profile/profile-form";

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

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
    const storage = new MemoryStorage() as unknown as Storage;
    const form: ProfileForm = {
      ...defaults,
      email: "a@b.co",
      language: "fr",
      theme: "dark",
      summary: "Hi",
    };
    writeStoredProfile(storage, "rep", form);
    expect(readStoredProfile(storage, "rep", defaults)).toEqual(form);
    expect(readStoredProfile(storage, "other", defaults)).toEqual(defaults);

    storage.setItem(
      profileStorageKey("rep"),
      JSON.stringify({ language: "de", theme: "neon", role: 7 }),
    );
    expect(readStoredProfile(storage, "rep", defaults)).toEqual(defaults);
    storage.setItem(profileStorageKey("rep"), "{not json");
    expect(readStoredProfile(storage, "rep", defaults)).toEqual(defaults);
  });
});
