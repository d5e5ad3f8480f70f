import { describe, expect, it } from "vitest";
import {
  canAddAppointment,
  canAddContact,
  canSaveNote,
  checkAppointmentDraft,
  checkContactDraft,
  checkNoteDraft,
  contactLabel,
  emptyAppointmentDraft,
  formatAddressOverride,
  localDateTimeToTs,
  normaliseAddressOverride,
  normaliseExtraPhone,
  parseDuration,
} from "@/modules/facility/lib/validation";
import { emptyFacilityData, isEmptyFacilityData } from "@/modules/facility/lib/data";
import { DURATION_DEFAULT } from "@/modules/facility/lib/limits";
import { facilityDataSchema } from "@/modules/facility/lib/schemas";

describe("note drafts", () => {
  it("saves the trimmed text", () => {
    expect(checkNoteDraft("  called, left a message \n")).toEqual({
      ok: true,
      value: "called, left a message",
    });
  });
  it("rejects an empty or blank draft (Save disabled)", () => {
    expect(checkNoteDraft("")).toEqual({ ok: false, error: "noteEmpty" });
    expect(checkNoteDraft(" \n\t ")).toEqual({ ok: false, error: "noteEmpty" });
    expect(canSaveNote("   ")).toBe(false);
    expect(canSaveNote("x")).toBe(true);
  });
  it("accepts exactly 1000 characters and rejects 1001", () => {
    expect(checkNoteDraft("a".repeat(1000)).ok).toBe(true);
    expect(checkNoteDraft("a".repeat(1001))).toEqual({ ok: false, error: "noteTooLong" });
    expect(canSaveNote("a".repeat(1001))).toBe(false);
  });
});

describe("appointment drafts", () => {
  const draft = { date: "2026-12-01", time: "09:30", durationMin: 30, note: "" };

  it("defaults the duration to 30 minutes and needs both date and time to Add", () => {
    expect(emptyAppointmentDraft.durationMin).toBe(DURATION_DEFAULT);
    expect(DURATION_DEFAULT).toBe(30);
    expect(canAddAppointment(emptyAppointmentDraft)).toBe(false);
    expect(canAddAppointment({ ...draft, time: "" })).toBe(false);
    expect(canAddAppointment({ ...draft, date: " " })).toBe(false);
    expect(canAddAppointment(draft)).toBe(true);
  });
  it("reports which of date and time is missing", () => {
    expect(checkAppointmentDraft({ ...draft, date: "" })).toEqual({
      ok: false,
      error: "dateRequired",
    });
    expect(checkAppointmentDraft({ ...draft, time: "" })).toEqual({
      ok: false,
      error: "timeRequired",
    });
  });
  it("reads date and time in the rep's (browser's) time zone", () => {
    const r = checkAppointmentDraft(draft);
    expect(r).toEqual({
      ok: true,
      value: { ts: new Date(2026, 11, 1, 9, 30).getTime(), durationMin: 30 },
    });
  });
  it("rejects dates and times that do not exist", () => {
    expect(localDateTimeToTs("2026-02-31", "10:00")).toBeNull();
    expect(localDateTimeToTs("2026-12-01", "25:00")).toBeNull();
    expect(localDateTimeToTs("01/12/2026", "10:00")).toBeNull();
    expect(checkAppointmentDraft({ ...draft, date: "2026-13-01" })).toEqual({
      ok: false,
      error: "dateTimeInvalid",
    });
  });
  it("keeps the duration between 5 and 480 minutes", () => {
    expect(parseDuration(5)).toEqual({ ok: true, value: 5 });
    expect(parseDuration(480)).toEqual({ ok: true, value: 480 });
    expect(parseDuration("45")).toEqual({ ok: true, value: 45 });
    expect(parseDuration(0)).toEqual({ ok: false, error: "durationRange" });
    expect(parseDuration(4)).toEqual({ ok: false, error: "durationRange" });
    expect(parseDuration(485)).toEqual({ ok: false, error: "durationRange" });
    expect(parseDuration("")).toEqual({ ok: false, error: "durationRange" });
    expect(parseDuration("abc")).toEqual({ ok: false, error: "durationRange" });
  });
  it("keeps the duration in steps of 5", () => {
    expect(parseDuration(7)).toEqual({ ok: false, error: "durationStep" });
    expect(parseDuration(12.5)).toEqual({ ok: false, error: "durationStep" });
    expect(checkAppointmentDraft({ ...draft, durationMin: 31 })).toEqual({
      ok: false,
      error: "durationStep",
    });
  });
  it("trims the optional note and leaves it out when blank", () => {
    const withNote = checkAppointmentDraft({ ...draft, note: "  demo call  " });
    expect(withNote.ok && withNote.value.note).toBe("demo call");
    const blank = checkAppointmentDraft({ ...draft, note: "   " });
    expect(blank.ok && "note" in blank.value).toBe(false);
  });
});

describe("contact drafts", () => {
  it("needs at least one of name, email and phone", () => {
    expect(checkContactDraft({ name: " ", email: "", phone: "  " })).toEqual({
      ok: false,
      error: "contactEmpty",
    });
    expect(canAddContact({ name: "", email: "", phone: "" })).toBe(false);
    expect(canAddContact({ name: "", email: "", phone: "555" })).toBe(true);
    expect(canAddContact({ name: "", email: "a@b", phone: "" })).toBe(true);
    expect(canAddContact({ name: "Ann", email: "", phone: "" })).toBe(true);
  });
  it("trims and makes no format checks", () => {
    expect(
      checkContactDraft({ name: " Ann ", email: " not-an-email ", phone: " call me " }),
    ).toEqual({ ok: true, value: { name: "Ann", email: "not-an-email", phone: "call me" } });
  });
  it("names a contact without a name (no name)", () => {
    expect(contactLabel({ name: "" }, "(no name)")).toBe("(no name)");
    expect(contactLabel({ name: "  " }, "(no name)")).toBe("(no name)");
    expect(contactLabel({ name: "Ann" }, "(no name)")).toBe("Ann");
  });
});

describe("extra phones", () => {
  it("trims the number", () => {
    expect(normaliseExtraPhone("  512 555 0101 ", [])).toBe("512 555 0101");
  });
  it("ignores an empty entry", () => {
    expect(normaliseExtraPhone("", [])).toBeNull();
    expect(normaliseExtraPhone("   ", [])).toBeNull();
  });
  it("ignores a number already there, also written differently", () => {
    expect(normaliseExtraPhone(" 5125550101", ["5125550101"])).toBeNull();
    expect(normaliseExtraPhone("(512) 555-0101", ["512-555-0101"])).toBeNull();
    expect(normaliseExtraPhone("ext. desk", ["ext. desk"])).toBeNull();
    expect(normaliseExtraPhone("5125550102", ["5125550101"])).toBe("5125550102");
  });
});

describe("address override", () => {
  it("is trimmed, and unset when every field is empty", () => {
    expect(
      normaliseAddressOverride({ line1: " 1 Main St ", city: "Austin", state: "TX", zip: "" }),
    ).toEqual({ line1: "1 Main St", city: "Austin", state: "TX", zip: "" });
    expect(normaliseAddressOverride({ line1: " ", city: "", state: "", zip: " " })).toBeNull();
  });
  it("reads as one line, skipping empty parts", () => {
    expect(
      formatAddressOverride({ line1: "1 Main St", city: "Austin", state: "TX", zip: "78701" }),
    ).toBe("1 Main St, Austin, TX 78701");
    expect(formatAddressOverride({ line1: "", city: "Austin", state: "", zip: "78701" })).toBe(
      "Austin, 78701",
    );
  });
});

describe("stored data schema", () => {
  it("reads an older entry with missing lists as empty", () => {
    expect(facilityDataSchema.parse({ notes: [] })).toEqual(emptyFacilityData);
    expect(isEmptyFacilityData(facilityDataSchema.parse({}))).toBe(true);
  });
  it("rejects entries that break the rules", () => {
    const note = { id: "n1", text: "hi", created: 1 };
    expect(facilityDataSchema.safeParse({ notes: [note] }).success).toBe(true);
    expect(facilityDataSchema.safeParse({ notes: [{ ...note, text: "  " }] }).success).toBe(false);
    expect(
      facilityDataSchema.safeParse({ notes: [{ ...note, text: "a".repeat(1001) }] }).success,
    ).toBe(false);
    const appt = { id: "a1", ts: 1, durationMin: 30 };
    expect(facilityDataSchema.safeParse({ appointments: [appt] }).success).toBe(true);
    expect(
      facilityDataSchema.safeParse({ appointments: [{ ...appt, durationMin: 33 }] }).success,
    ).toBe(false);
    expect(
      facilityDataSchema.safeParse({ appointments: [{ ...appt, durationMin: 500 }] }).success,
    ).toBe(false);
    expect(
      facilityDataSchema.safeParse({ contacts: [{ id: "c", name: "", email: "", phone: "" }] })
        .success,
    ).toBe(false);
    expect(facilityDataSchema.safeParse({ dialCount: -1 }).success).toBe(false);
    expect(facilityDataSchema.safeParse("nonsense").success).toBe(false);
  });
});
