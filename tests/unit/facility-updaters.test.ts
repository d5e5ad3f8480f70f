import { describe, expect, it } from "vitest";
import { emptyFacilityData } from "@/modules/facility/lib/data";
import type { FacilityData } from "@/modules/facility/lib/schemas";
import {
  addAppointment,
  addContact,
  addExtraPhone,
  addNote,
  incrementDialCount,
  removeAppointment,
  removeContact,
  removeExtraPhone,
  removeNote,
  setAddressOverride,
} from "@/modules/facility/lib/updaters";
import { nextUpcomingAppointment } from "@/modules/facility/lib/appointments";

const base: FacilityData = emptyFacilityData;
const at = (y: number, m: number, d: number, h: number, mi = 0) =>
  new Date(y, m - 1, d, h, mi).getTime();

describe("notes", () => {
  it("adds a trimmed note with its id and creation time", () => {
    const next = addNote("  hello ", { id: "n1", now: 42 })(base);
    expect(next.notes).toEqual([{ id: "n1", text: "hello", created: 42 }]);
    expect(base.notes).toEqual([]);
  });
  it("changes nothing for a blank or too long draft", () => {
    expect(addNote("  ", { id: "n1", now: 1 })(base)).toBe(base);
    expect(addNote("x".repeat(1001), { id: "n1", now: 1 })(base)).toBe(base);
  });
  it("removes a note by id, and nothing for an unknown id", () => {
    const one = addNote("a", { id: "n1", now: 1 })(base);
    const two = addNote("b", { id: "n2", now: 2 })(one);
    expect(removeNote("n1")(two).notes.map((n) => n.id)).toEqual(["n2"]);
    expect(removeNote("zz")(two)).toBe(two);
  });
});

describe("appointments", () => {
  const draft = { date: "2026-12-01", time: "09:30", durationMin: 45, note: " bring deck " };
  it("adds a valid appointment, kept earliest first", () => {
    const later = addAppointment(draft, { id: "a1" })(base);
    const both = addAppointment({ ...draft, time: "08:00", note: "" }, { id: "a2" })(later);
    expect(both.appointments.map((a) => a.id)).toEqual(["a2", "a1"]);
    expect(both.appointments[1]).toEqual({
      id: "a1",
      ts: at(2026, 12, 1, 9, 30),
      durationMin: 45,
      note: "bring deck",
    });
    expect(both.appointments[0].note).toBeUndefined();
  });
  it("marks a callback by its kind and keeps the note as written (no language in it)", () => {
    const one = addAppointment(
      { ...draft, note: "Wants the owner" },
      { id: "c1", kind: "callback" },
    )(base);
    expect(one.appointments[0]).toMatchObject({ kind: "callback", note: "Wants the owner" });
    expect(addAppointment(draft, { id: "a1" })(base).appointments[0]).not.toHaveProperty("kind");
  });
  it("changes nothing when the draft is invalid", () => {
    expect(addAppointment({ ...draft, date: "" }, { id: "a" })(base)).toBe(base);
    expect(addAppointment({ ...draft, durationMin: 490 }, { id: "a" })(base)).toBe(base);
    expect(addAppointment({ ...draft, durationMin: 3 }, { id: "a" })(base)).toBe(base);
  });
  it("removes one by id", () => {
    const one = addAppointment(draft, { id: "a1" })(base);
    expect(removeAppointment("a1")(one).appointments).toEqual([]);
  });
});

describe("contacts", () => {
  it("adds a contact with only a phone", () => {
    const next = addContact({ name: "", email: "", phone: " 555-0101 " }, { id: "c1" })(base);
    expect(next.contacts).toEqual([{ id: "c1", name: "", email: "", phone: "555-0101" }]);
  });
  it("changes nothing for an empty contact, removes by id", () => {
    expect(addContact({ name: " ", email: "", phone: "" }, { id: "c1" })(base)).toBe(base);
    const one = addContact({ name: "Ann", email: "", phone: "" }, { id: "c1" })(base);
    expect(removeContact("c1")(one).contacts).toEqual([]);
  });
});

describe("extra phones", () => {
  it("adds trimmed numbers and ignores empty ones and duplicates", () => {
    const one = addExtraPhone(" 5125550101 ")(base);
    expect(one.extraPhones).toEqual(["5125550101"]);
    expect(addExtraPhone("5125550101")(one)).toBe(one);
    expect(addExtraPhone("(512) 555-0101")(one)).toBe(one);
    expect(addExtraPhone("   ")(one)).toBe(one);
    const two = addExtraPhone("5125550102")(one);
    expect(two.extraPhones).toEqual(["5125550101", "5125550102"]);
    expect(removeExtraPhone("5125550101")(two).extraPhones).toEqual(["5125550102"]);
    expect(removeExtraPhone("nope")(two)).toBe(two);
  });
});

describe("address override and dial count", () => {
  it("sets, keeps when unchanged, and clears the override", () => {
    const set = setAddressOverride({ line1: "1 Main", city: "Austin ", state: "TX", zip: "" })(
      base,
    );
    expect(set.addressOverride).toEqual({ line1: "1 Main", city: "Austin", state: "TX", zip: "" });
    expect(setAddressOverride({ line1: "1 Main", city: "Austin", state: "TX", zip: "" })(set)).toBe(
      set,
    );
    expect(
      setAddressOverride({ line1: "", city: "", state: "", zip: "" })(set).addressOverride,
    ).toBe(null);
    expect(setAddressOverride(null)(set).addressOverride).toBeNull();
    expect(setAddressOverride(null)(base)).toBe(base);
  });
  it("counts dials", () => {
    expect(incrementDialCount(incrementDialCount(base)).dialCount).toBe(2);
  });
});

describe("nextUpcomingAppointment", () => {
  const now = at(2026, 6, 10, 12, 0);
  const appt = (id: string, ts: number, durationMin = 30) => ({ id, ts, durationMin });

  it("is null without appointments or when all are over", () => {
    expect(nextUpcomingAppointment(base, now)).toBeNull();
    const past = { appointments: [appt("p", at(2026, 6, 9, 9)), appt("q", now - 30 * 60_000)] };
    expect(nextUpcomingAppointment(past, now)).toBeNull();
  });
  it("picks the earliest future one whatever the stored order", () => {
    const data = {
      appointments: [
        appt("late", at(2026, 7, 1, 9)),
        appt("past", at(2026, 6, 1, 9)),
        appt("soon", at(2026, 6, 10, 15)),
      ],
    };
    expect(nextUpcomingAppointment(data, now)?.id).toBe("soon");
  });
  it("still shows one in progress until it ends", () => {
    const data = {
      appointments: [appt("now", now - 10 * 60_000, 30), appt("later", now + 3_600_000)],
    };
    expect(nextUpcomingAppointment(data, now)?.id).toBe("now");
    expect(nextUpcomingAppointment(data, now + 20 * 60_000)?.id).toBe("later");
  });
});
