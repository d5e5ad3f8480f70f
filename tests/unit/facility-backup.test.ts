import { describe, expect, it } from "vitest";
import {
  BACKUP_FORMAT,
  backupFileName,
  buildBackup,
  importAddedNothing,
  mergeBackup,
  parseBackup,
  type FacilityRecords,
} from "@/modules/facility/lib/backup";
import { emptyFacilityData } from "@/modules/facility/lib/data";
import type { FacilityData } from "@/modules/facility/lib/schemas";

const data = (over: Partial<FacilityData>): FacilityData => ({ ...emptyFacilityData, ...over });
const note = (id: string, text = id) => ({ id, text, created: 1 });
const appt = (id: string, ts: number) => ({ id, ts, durationMin: 30 });
const contact = (id: string) => ({ id, name: id, email: "", phone: "" });

const records: FacilityRecords = {
  placeB: data({ notes: [note("n1")], dialCount: 3 }),
  placeA: data({
    appointments: [appt("a1", 1000)],
    contacts: [contact("c1")],
    extraPhones: ["555"],
    addressOverride: { line1: "1 Main", city: "Austin", state: "TX", zip: "78701" },
  }),
  empty: data({}),
};

describe("export", () => {
  it("writes every non-empty place in a versioned envelope", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const backup = buildBackup(records, now);
    expect(backup.format).toBe(BACKUP_FORMAT);
    expect(backup.version).toBe(1);
    expect(backup.exportedAt).toBe("2026-11-23T12:00:00.000Z");
    expect(Object.keys(backup.places)).toEqual(["placeA", "placeB"]);
    expect(backupFileName(now)).toBe("dialflow-facility-2026-11-23.json");
  });
  it("round-trips through JSON unchanged", () => {
    const parsed = parseBackup(JSON.stringify(buildBackup(records, new Date())));
    expect(parsed).toEqual({
      ok: true,
      places: { placeA: records.placeA, placeB: records.placeB },
      skipped: 0,
    });
  });
});

describe("parsing an import file", () => {
  it("rejects text that is not JSON, not a backup, or a newer version", () => {
    expect(parseBackup("{oops")).toEqual({ ok: false, error: "notJson" });
    expect(parseBackup(JSON.stringify({ places: {} }))).toEqual({ ok: false, error: "notBackup" });
    expect(parseBackup(JSON.stringify([1, 2]))).toEqual({ ok: false, error: "notBackup" });
    expect(parseBackup(JSON.stringify({ format: BACKUP_FORMAT, version: 2, places: {} }))).toEqual({
      ok: false,
      error: "unsupportedVersion",
    });
  });
  it("leaves out places whose data breaks the rules and counts them", () => {
    const text = JSON.stringify({
      format: BACKUP_FORMAT,
      version: 1,
      places: {
        good: { notes: [note("n1")] },
        bad: { notes: [{ id: "x", text: "", created: 1 }] },
        worse: "nope",
      },
    });
    const parsed = parseBackup(text);
    expect(parsed.ok && Object.keys(parsed.places)).toEqual(["good"]);
    expect(parsed.ok && parsed.skipped).toBe(2);
  });
});

describe("merging an import", () => {
  it("adds new places whole and reports every item", () => {
    const { changed, report } = mergeBackup({}, records, 1);
    expect(Object.keys(changed).sort()).toEqual(["placeA", "placeB"]);
    expect(report).toEqual({
      places: 2,
      notes: 1,
      appointments: 1,
      contacts: 1,
      extraPhones: 1,
      addressOverrides: 1,
      skipped: 1,
    });
  });
  it("merges by id: keeps what is there, adds only unknown ids", () => {
    const current: FacilityRecords = {
      placeA: data({
        notes: [note("n1", "mine")],
        appointments: [appt("a2", 500)],
        extraPhones: ["(555)"],
        addressOverride: { line1: "Mine", city: "", state: "", zip: "" },
        dialCount: 5,
      }),
    };
    const imported: FacilityRecords = {
      placeA: data({
        notes: [note("n1", "theirs"), note("n2")],
        appointments: [appt("a1", 1000), appt("a0", 100)],
        extraPhones: ["555", "777"],
        addressOverride: { line1: "Theirs", city: "", state: "", zip: "" },
        dialCount: 2,
      }),
    };
    const { changed, report } = mergeBackup(current, imported);
    const a = changed.placeA;
    expect(a.notes).toEqual([note("n1", "mine"), note("n2")]);
    expect(a.appointments.map((x) => x.id)).toEqual(["a0", "a2", "a1"]);
    expect(a.extraPhones).toEqual(["(555)", "777"]);
    expect(a.addressOverride?.line1).toBe("Mine");
    expect(a.dialCount).toBe(5);
    expect(report).toMatchObject({
      places: 0,
      notes: 1,
      appointments: 2,
      extraPhones: 1,
      addressOverrides: 0,
    });
  });
  it("takes the imported override and the larger dial count when the browser has none", () => {
    const current = { p: data({ notes: [note("n")], dialCount: 1 }) };
    const imported = {
      p: data({ addressOverride: { line1: "X", city: "", state: "", zip: "" }, dialCount: 4 }),
    };
    const { changed, report } = mergeBackup(current, imported);
    expect(changed.p.addressOverride?.line1).toBe("X");
    expect(changed.p.dialCount).toBe(4);
    expect(report.addressOverrides).toBe(1);
  });
  it("importing the same file twice adds nothing the second time", () => {
    const first = mergeBackup({}, records);
    const after = { ...records, ...first.changed };
    const second = mergeBackup(after, records);
    expect(second.changed).toEqual({});
    expect(importAddedNothing(second.report)).toBe(true);
    expect(importAddedNothing(first.report)).toBe(false);
  });
});
