import { beforeEach, describe, expect, it } from "vitest";
import { installFakeWindow } from "../support/fake-browser";
import {
  drawerMapKey,
  facilityFamily,
  readAllFacilityData,
  recordDial,
  updateFacility,
  writeFacilityRecords,
} from "@/modules/facility/lib/store";
import {
  readStored,
  removeStored,
  subscribeStorageProblems,
  writeStored,
  type StorageProblem,
} from "@/lib/client/storage";
import { emptyFacilityData } from "@/modules/facility/lib/data";
import { addNote } from "@/modules/facility/lib/updaters";
import { mergeBackup } from "@/modules/facility/lib/backup";

const win = installFakeWindow();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const item = (placeId: string) => `facility.${placeId}:rep1`;

let problems: StorageProblem[] = [];
subscribeStorageProblems((p) => problems.push(p));

beforeEach(() => {
  // A failed write is held in memory for the page's life; a removal forgets it between tests.
  for (const id of ["p1", "p2", "p3", "p8", "p9"]) removeStored(facilityFamily.key(id));
  win.localStorage.clear();
  win.localStorage.quota = Infinity;
  win.localStorage.setItem("auth.user", "rep1");
  problems = [];
});

describe("facility storage", () => {
  it("keeps one versioned entry per place, for the signed-in rep", () => {
    expect(updateFacility("p1", addNote("hello", { id: "n1", now: 5 }))).toEqual({
      ok: true,
      changed: true,
    });
    const raw = JSON.parse(win.localStorage.getItem(item("p1"))!);
    expect(raw).toEqual({
      v: 1,
      value: { ...emptyFacilityData, notes: [{ id: "n1", text: "hello", created: 5 }] },
    });
    // Another rep on the same browser does not see it.
    win.localStorage.setItem("auth.user", "rep2");
    expect(readStored(facilityFamily.key("p1"))).toEqual(emptyFacilityData);
  });

  it("does not write when an updater changes nothing", () => {
    expect(updateFacility("p1", addNote("   ", { id: "n1", now: 5 }))).toEqual({
      ok: true,
      changed: false,
    });
    expect(win.localStorage.getItem(item("p1"))).toBeNull();
  });

  it("counts dials", () => {
    recordDial("p1");
    recordDial("p1");
    expect(readStored(facilityFamily.key("p1")).dialCount).toBe(2);
  });

  it("sets a corrupt entry aside, reports it and reads the place as empty", async () => {
    win.localStorage.setItem(item("p1"), JSON.stringify({ v: 1, value: { notes: "oops" } }));
    expect(readStored(facilityFamily.key("p1"))).toEqual(emptyFacilityData);
    expect(win.localStorage.getItem(`${item("p1")}.corrupt`)).toContain("oops");
    expect(win.localStorage.getItem(item("p1"))).toBeNull();
    await flush();
    expect(problems).toMatchObject([{ kind: "corrupt", item: item("p1") }]);
  });

  it("sets an entry of another version aside instead of misreading it", async () => {
    win.localStorage.setItem(item("p1"), JSON.stringify({ v: 99, value: {} }));
    expect(readStored(facilityFamily.key("p1"))).toEqual(emptyFacilityData);
    await flush();
    expect(problems).toMatchObject([{ kind: "version", item: item("p1") }]);
  });

  it("reports a full quota, keeps what was already saved, and holds the change in this page", async () => {
    updateFacility("p1", addNote("first", { id: "n1", now: 1 }));
    const before = win.localStorage.getItem(item("p1"));
    win.localStorage.quota = before!.length + item("p1").length + 10;
    const result = updateFacility("p1", addNote("x".repeat(500), { id: "n2", now: 2 }));
    expect(result).toEqual({ ok: false, reason: "quota", changed: false });
    expect(win.localStorage.getItem(item("p1"))).toBe(before);
    // Stored: only the saved note. This page keeps showing the unsaved one until it closes.
    expect(JSON.parse(win.localStorage.getItem(item("p1"))!).value.notes).toHaveLength(1);
    expect(readStored(facilityFamily.key("p1")).notes.map((n) => n.id)).toEqual(["n1", "n2"]);
    await flush();
    expect(problems.some((p) => p.kind === "quota")).toBe(true);
  });

  it("remembers the drawer map flag", () => {
    expect(readStored(drawerMapKey)).toBe(false);
    writeStored(drawerMapKey, true);
    expect(readStored(drawerMapKey)).toBe(true);
  });
});

describe("import into storage", () => {
  it("lists every stored place and merges an import by id", () => {
    updateFacility("p1", addNote("mine", { id: "n1", now: 1 }));
    updateFacility("p2", addNote("other", { id: "n9", now: 1 }));
    expect(Object.keys(readAllFacilityData())).toEqual(["p1", "p2"]);

    const imported = {
      p1: {
        ...emptyFacilityData,
        notes: [
          { id: "n1", text: "theirs", created: 1 },
          { id: "n2", text: "new", created: 2 },
        ],
      },
      p3: { ...emptyFacilityData, dialCount: 4 },
    };
    const { changed, report } = mergeBackup(readAllFacilityData(), imported);
    expect(writeFacilityRecords(changed)).toEqual({ written: 2, failed: 0, reason: null });
    expect(report).toMatchObject({ places: 1, notes: 1 });
    const all = readAllFacilityData();
    expect(all.p1.notes.map((n) => n.text)).toEqual(["mine", "new"]);
    expect(all.p3.dialCount).toBe(4);
  });

  it("stops at a full quota, says how many were left out and loses nothing saved", () => {
    updateFacility("p1", addNote("mine", { id: "n1", now: 1 }));
    const saved = win.localStorage.getItem(item("p1"));
    win.localStorage.quota = 200;
    const big = (id: string) => ({
      ...emptyFacilityData,
      notes: [{ id, text: "y".repeat(300), created: 1 }],
    });
    const result = writeFacilityRecords({ p8: big("a"), p9: big("b") });
    expect(result).toEqual({ written: 0, failed: 2, reason: "quota" });
    expect(win.localStorage.getItem(item("p1"))).toBe(saved);
  });
});
