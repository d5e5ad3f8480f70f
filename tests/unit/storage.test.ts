import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  defineKey,
  defineKeyFamily,
  readStored,
  removeStored,
  sessionUserKey,
  sidebarCollapsedKey,
  subscribeStorageProblems,
  subscribeStored,
  writeStored,
  useStoredValue,
  type StorageProblem,
} from "@/lib/client/storage";
import { dialerPositionKey } from "@/modules/dialer/lib/storage-keys";
import { installFakeWindow, storageEvent } from "../support/fake-browser";

const win = installFakeWindow();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const noteKey = defineKey({
  name: "test.note",
  version: 2,
  area: "local",
  scope: "global",
  schema: z.object({ text: z.string().max(10) }),
  fallback: { text: "" },
});

const draftKey = defineKey({
  name: "test.draft",
  version: 1,
  area: "session",
  scope: "user",
  schema: z.string(),
  fallback: "none",
});

let problems: StorageProblem[] = [];
let stop = () => {};
beforeEach(() => {
  win.localStorage.clear();
  win.sessionStorage.clear();
  win.localStorage.quota = Infinity;
  win.localStorage.disabled = false;
  problems = [];
  stop = subscribeStorageProblems((p) => problems.push(p));
});
afterEach(() => stop());

describe("typed, versioned keys", () => {
  it("round-trips a value in a versioned envelope and returns the same object while unchanged", () => {
    expect(readStored(noteKey)).toEqual({ text: "" });
    expect(writeStored(noteKey, { text: "hi" })).toEqual({ ok: true });
    expect(JSON.parse(win.localStorage.getItem("test.note")!)).toEqual({
      v: 2,
      value: { text: "hi" },
    });
    const first = readStored(noteKey);
    expect(first).toEqual({ text: "hi" });
    expect(readStored(noteKey)).toBe(first);
    removeStored(noteKey);
    expect(readStored(noteKey)).toEqual({ text: "" });
  });

  it("sets a value of another version aside, reports it and returns the fallback", async () => {
    win.localStorage.setItem("test.note", JSON.stringify({ v: 1, value: { text: "old" } }));
    expect(readStored(noteKey)).toEqual({ text: "" });
    expect(win.localStorage.getItem("test.note")).toBeNull();
    expect(win.localStorage.getItem("test.note.corrupt")).toContain('"old"');
    await flush();
    expect(problems).toEqual([
      expect.objectContaining({
        kind: "version",
        item: "test.note",
        setAsideAs: "test.note.corrupt",
      }),
    ]);
  });

  it("sets a corrupt value aside (bad JSON or failing the schema) without throwing", async () => {
    win.localStorage.setItem("test.note", "{not json");
    expect(readStored(noteKey)).toEqual({ text: "" });
    expect(win.localStorage.getItem("test.note.corrupt")).toBe("{not json");
    win.localStorage.setItem(
      "test.note",
      JSON.stringify({ v: 2, value: { text: "far too long" } }),
    );
    expect(readStored(noteKey)).toEqual({ text: "" });
    await flush();
    expect(problems.map((p) => p.kind)).toEqual(["corrupt", "corrupt"]);
    expect(win.localStorage.getItem("test.note")).toBeNull();
  });

  it("reads values written before the module existed through `legacy`, then rewrites them", () => {
    win.sessionStorage.setItem("dialer.position", '{"x":1,"y":2}');
    expect(readStored(dialerPositionKey)).toEqual({ x: 1, y: 2 });
    win.sessionStorage.setItem("dialer.position", '{"x":"1"}');
    expect(readStored(dialerPositionKey)).toBeNull();
    expect(win.sessionStorage.getItem("dialer.position.corrupt")).toBe('{"x":"1"}');

    win.localStorage.setItem("sidebar.collapsed", "1");
    expect(readStored(sidebarCollapsedKey)).toBe(true);
    expect(JSON.parse(win.localStorage.getItem("sidebar.collapsed")!)).toEqual({
      v: 1,
      value: true,
    });
  });
});

describe("failures are results, not exceptions", () => {
  it("reports a full quota instead of throwing", async () => {
    win.localStorage.quota = 20;
    const result = writeStored(noteKey, { text: "0123456789" });
    expect(result).toEqual({ ok: false, reason: "quota" });
    expect(win.localStorage.getItem("test.note")).toBeNull();
    removeStored(noteKey);
    await flush();
    expect(problems).toEqual([expect.objectContaining({ kind: "quota", item: "test.note" })]);
  });

  it("treats disabled storage as unavailable: fallback on read, a result on write", () => {
    win.localStorage.disabled = true;
    expect(readStored(noteKey)).toEqual({ text: "" });
    expect(writeStored(noteKey, { text: "x" })).toEqual({ ok: false, reason: "unavailable" });
    // The value still holds for this page; once storage works again it is really stored.
    expect(readStored(noteKey)).toEqual({ text: "x" });
    win.localStorage.disabled = false;
    expect(writeStored(noteKey, { text: "y" })).toEqual({ ok: true });
    expect(readStored(noteKey)).toEqual({ text: "y" });
    removeStored(noteKey);
    expect(readStored(noteKey)).toEqual({ text: "" });
  });
});

describe("per-user scoping", () => {
  it("keeps each user's value under its own item and reads nothing while signed out", () => {
    expect(writeStored(draftKey, "anon")).toEqual({ ok: false, reason: "unavailable" });
    removeStored(draftKey);
    writeStored(sessionUserKey, "ann");
    writeStored(draftKey, "ann's");
    writeStored(sessionUserKey, "bob");
    expect(readStored(draftKey)).toBe("none");
    writeStored(draftKey, "bob's");
    expect(win.sessionStorage.getItem("test.draft:ann")).toBe(
      JSON.stringify({ v: 1, value: "ann's" }),
    );
    writeStored(sessionUserKey, "ann");
    expect(readStored(draftKey)).toBe("ann's");
    removeStored(sessionUserKey);
    expect(readStored(draftKey)).toBe("none");
  });

  it("a user-scoped family lists only the current user's ids", () => {
    const facility = defineKeyFamily({
      prefix: "test.facility",
      version: 1,
      area: "local",
      scope: "user",
      schema: z.object({ notes: z.string() }),
      fallback: { notes: "" },
    });
    writeStored(sessionUserKey, "ann");
    writeStored(facility.key("place/1"), { notes: "a" });
    writeStored(facility.key("place2"), { notes: "b" });
    writeStored(sessionUserKey, "bob");
    writeStored(facility.key("place3"), { notes: "c" });
    expect(facility.list()).toEqual(["place3"]);
    writeStored(sessionUserKey, "ann");
    expect(facility.list()).toEqual(["place/1", "place2"]);
    expect(facility.key("place2")).toBe(facility.key("place2"));
    expect(readStored(facility.key("place/1"))).toEqual({ notes: "a" });
  });
});

describe("change notifications", () => {
  it("notifies subscribers of writes in this tab and of 'storage' events from other tabs", () => {
    const seen = vi.fn();
    const unsubscribe = subscribeStored(seen);
    writeStored(noteKey, { text: "a" });
    expect(seen).toHaveBeenCalledTimes(1);

    // Another tab wrote: the browser updates storage and fires "storage" here.
    win.localStorage.setItem("test.note", JSON.stringify({ v: 2, value: { text: "b" } }));
    win.dispatchEvent(storageEvent("test.note", win.localStorage));
    expect(seen).toHaveBeenCalledTimes(2);
    expect(readStored(noteKey)).toEqual({ text: "b" });

    unsubscribe();
    writeStored(noteKey, { text: "c" });
    expect(seen).toHaveBeenCalledTimes(2);
  });
});

describe("useStoredValue", () => {
  it("renders the fallback on the server, so hydration matches whatever the browser stored", () => {
    writeStored(noteKey, { text: "stored" });
    function Probe() {
      const [note] = useStoredValue(noteKey);
      return createElement("span", null, note.text || "fallback");
    }
    expect(renderToString(createElement(Probe))).toBe("<span>fallback</span>");
  });
});
