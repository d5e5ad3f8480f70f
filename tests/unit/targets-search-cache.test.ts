// The Targets search cache: per lowercased query in session storage, versioned, tolerant of
// corrupt entries and of a full quota.
import { beforeEach, describe, expect, it } from "vitest";
import { emptyPlace } from "@/modules/places/lib/schemas";
import { readSearchCache, writeSearchCache } from "@/modules/targets/lib/search-cache";
import { installFakeWindow } from "../support/fake-browser";

const win = installFakeWindow();
const places = [emptyPlace("a", "Alpha"), emptyPlace("b", "Beta")];

beforeEach(() => {
  win.localStorage.clear();
  win.sessionStorage.clear();
  win.sessionStorage.quota = Infinity;
  win.localStorage.setItem("auth.user", "rep1");
});

describe("search cache", () => {
  it("keeps an entry per lowercased, trimmed query in session storage", () => {
    expect(
      writeSearchCache(
        " Dentists in AUSTIN ",
        { places, nextPageToken: "t2", enrichedIds: ["a"], demo: false },
        1000,
      ),
    ).toBe(true);
    const entry = readSearchCache("dentists in austin");
    expect(entry).toEqual({
      places,
      nextPageToken: "t2",
      enriched: false,
      enrichedIds: ["a"],
      demo: false,
      ts: 1000,
    });
    const names = Array.from({ length: win.sessionStorage.length }, (_, i) =>
      win.sessionStorage.key(i),
    );
    expect(names).toEqual(["targets.cache.dentists%20in%20austin:rep1"]);
    expect(JSON.parse(win.sessionStorage.getItem(names[0]!)!)).toMatchObject({ v: 1 });
    expect(win.localStorage.length).toBe(1); // only auth.user
  });

  it("marks the entry enriched once every place is", () => {
    writeSearchCache("q", { places, nextPageToken: null, enrichedIds: ["a", "b"], demo: true });
    expect(readSearchCache("Q")!.enriched).toBe(true);
  });

  it("ignores a corrupt or old-version entry", () => {
    win.sessionStorage.setItem("targets.cache.q:rep1", "{not json");
    expect(readSearchCache("q")).toBeNull();
    win.sessionStorage.setItem(
      "targets.cache.r:rep1",
      JSON.stringify({ v: 0, value: { places: [] } }),
    );
    expect(readSearchCache("r")).toBeNull();
    win.sessionStorage.setItem(
      "targets.cache.s:rep1",
      JSON.stringify({ v: 1, value: { places: "x" } }),
    );
    expect(readSearchCache("s")).toBeNull();
  });

  it("evicts older queries when the quota is full, and reports failure without throwing", () => {
    writeSearchCache("old", { places, nextPageToken: null, enrichedIds: [], demo: false }, 1);
    writeSearchCache("newer", { places, nextPageToken: null, enrichedIds: [], demo: false }, 2);
    const used = Array.from({ length: win.sessionStorage.length }, (_, i) => {
      const k = win.sessionStorage.key(i)!;
      return k.length + win.sessionStorage.getItem(k)!.length;
    }).reduce((a, b) => a + b, 0);
    win.sessionStorage.quota = used + 10;
    expect(
      writeSearchCache("third", { places, nextPageToken: null, enrichedIds: [], demo: false }, 3),
    ).toBe(true);
    expect(readSearchCache("old")).toBeNull();
    expect(readSearchCache("newer")).not.toBeNull();
    expect(readSearchCache("third")).not.toBeNull();

    win.sessionStorage.quota = 5;
    expect(() =>
      writeSearchCache("huge", { places, nextPageToken: null, enrichedIds: [], demo: false }),
    ).not.toThrow();
    expect(
      writeSearchCache("huge", { places, nextPageToken: null, enrichedIds: [], demo: false }),
    ).toBe(false);
  });
});
