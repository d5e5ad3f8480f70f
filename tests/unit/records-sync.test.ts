import { describe, expect, it } from "vitest";
import { extraPhoneSchema } from "@/modules/records/lib/schemas";
import { checkExtraPhone } from "@/modules/records/client/phone-rule";
import { diffItems, facilityItems, itemKey, phoneItemId } from "@/modules/records/client/items";
import { mergeServerItems, emptySyncState, type ServerItem } from "@/modules/records/client/merge";
import { dropKeys, nextBatch, reconcilePlace, removeSent } from "@/modules/records/client/outbox";
import type { RecordsOutboxEntry } from "@/modules/records/client/outbox-entry";
import { emptyFacilityData } from "@/modules/facility/lib/data";
import type { FacilityData } from "@/modules/facility/lib/schemas";

// The sync engine's pure parts: the item view of facility data, the diff against the synced
// snapshot, the outbox's coalescing and the merge rules.

const note = (id: string, text: string, created = 1) => ({ id, text, created });
const contact = (id: string, name: string) => ({ id, name, email: "", phone: "" });
const data = (patch: Partial<FacilityData>): FacilityData => ({ ...emptyFacilityData, ...patch });

const serverItem = (
  patch: Partial<ServerItem> & Pick<ServerItem, "kind" | "itemId">,
): ServerItem => ({
  data: null,
  deleted: false,
  needsFixing: false,
  createdBy: "ana",
  updatedBy: "ana",
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:05:00.000Z",
  ...patch,
});

describe("the extra phone rule", () => {
  it("gives zod's extraPhoneSchema verdict on every input", () => {
    const inputs = [
      "abc",
      "",
      "  ",
      "12",
      "123",
      " 512-555-0199 ",
      "+1 (512) 555.0199",
      "++1 512",
      "1".repeat(20),
      "1".repeat(21),
      "5 5",
      "55 5",
      "+49 30 1234567",
      "(512) 555-0199 ext 4",
      "٥١٢٥٥٥٠١٩٩",
      "-- -- --",
      "1-2",
      "123456789012345678901234567890123456789012",
    ];
    for (const input of inputs) {
      const zod = extraPhoneSchema.safeParse(input);
      const ours = checkExtraPhone(input);
      expect(ours.ok, input).toBe(zod.success);
      if (ours.ok && zod.success) expect(ours.value).toBe(zod.data);
    }
    expect(checkExtraPhone("abc")).toEqual({ ok: false, error: "invalidFormat" });
    expect(checkExtraPhone("-- --")).toEqual({ ok: false, error: "invalidDigits" });
  });
});

describe("facility data as items", () => {
  it("names each item: ids for lists, phone digits, one address; odd ids stay local", () => {
    const items = facilityItems(
      data({
        notes: [note("n1", "hi"), note("bad id!", "kept local")],
        contacts: [contact("c1", "Ana")],
        extraPhones: ["(512) 555-0199", "abc"],
        addressOverride: { line1: "1 Main", city: "", state: "", zip: "" },
      }),
    );
    expect([...items.keys()]).toEqual([
      "note/n1",
      "contact/c1",
      "phone/phone:5125550199",
      `phone/${phoneItemId("abc")}`,
      "address/address",
    ]);
    expect(items.get("phone/phone:5125550199")).toMatchObject({
      data: { phone: "(512) 555-0199" },
      legacy: false,
    });
    expect(items.get(`phone/${phoneItemId("abc")}`)?.legacy).toBe(true);
    expect(phoneItemId("abc")).not.toBe(phoneItemId("xyz"));
    expect(phoneItemId("abc")).toMatch(/^phone:[A-Za-z0-9_-]+$/);
  });

  it("names every phone with an id the server accepts, and marks out-of-range appointments", () => {
    for (const phone of [
      "abc",
      " ABC ",
      "(512) 555-0199",
      "+49 30 1",
      "☎ call me",
      "x".repeat(300),
      "ü",
    ]) {
      expect(phoneItemId(phone), phone).toMatch(/^phone:[A-Za-z0-9_-]{1,194}$/);
    }
    const items = facilityItems(
      data({
        appointments: [
          { id: "a-old", ts: 0, durationMin: 30 },
          { id: "a-ok", ts: 1.8e12, durationMin: 30 },
        ],
      }),
    );
    expect(items.get("appointment/a-old")?.legacy).toBe(true);
    expect(items.get("appointment/a-ok")?.legacy).toBe(false);
  });

  it("diffs against the snapshot: changed and new items are puts, gone ones deletes", () => {
    const snapshot = {
      "note/n1": note("n1", "same"),
      "note/n2": note("n2", "old"),
      "contact/c9": contact("c9", "Gone"),
    };
    const changes = diffItems(
      snapshot,
      data({
        notes: [note("n1", "same"), note("n2", "new"), note("n3", "added")],
        extraPhones: ["abc"],
      }),
    );
    expect(changes).toEqual([
      { kind: "note", itemId: "n2", op: "put", data: note("n2", "new") },
      { kind: "note", itemId: "n3", op: "put", data: note("n3", "added") },
      {
        kind: "phone",
        itemId: phoneItemId("abc"),
        op: "put",
        data: { phone: "abc" },
        legacy: true,
      },
      { kind: "contact", itemId: "c9", op: "delete" },
    ]);
    // Key order inside a payload does not make a change.
    expect(
      diffItems(
        { "note/n1": { created: 1, text: "same", id: "n1" } },
        data({ notes: [note("n1", "same")] }),
      ),
    ).toEqual([]);
  });

  it("a place never synced (empty snapshot) uploads everything; forced items go as legacy", () => {
    const changes = diffItems({}, data({ notes: [note("n1", "x")] }), ["note/n1"]);
    expect(changes).toEqual([
      { kind: "note", itemId: "n1", op: "put", data: note("n1", "x"), legacy: true },
    ]);
  });
});

describe("the records outbox queue", () => {
  const put = (itemId: string, text: string) => ({
    kind: "note" as const,
    itemId,
    op: "put" as const,
    data: note(itemId, text),
  });

  it("coalesces: several edits of one item before sending leave only the latest", () => {
    let q: RecordsOutboxEntry[] = [];
    q = reconcilePlace(q, "p1", [put("n1", "a")], 1);
    q = reconcilePlace(q, "p1", [put("n1", "ab")], 2);
    q = reconcilePlace(q, "p1", [put("n1", "abc"), put("n2", "x")], 3);
    expect(q.map((e) => [e.itemId, (e.data as { text: string }).text, e.rev])).toEqual([
      ["n1", "abc", 3],
      ["n2", "x", 4],
    ]);
    // The same diff again changes nothing (a send in flight keeps its revision).
    expect(reconcilePlace(q, "p1", [put("n1", "abc"), put("n2", "x")], 9)).toEqual(q);
  });

  it("an undone change leaves the queue; other places' entries stay", () => {
    let q = reconcilePlace([], "p1", [put("n1", "a")], 1);
    q = reconcilePlace(q, "p2", [put("m1", "b")], 2);
    q = reconcilePlace(q, "p1", [], 3);
    expect(q.map((e) => `${e.placeId}:${e.itemId}`)).toEqual(["p2:m1"]);
  });

  it("removes exactly what was sent: a newer edit made meanwhile stays queued", () => {
    const q1 = reconcilePlace([], "p1", [put("n1", "a"), put("n2", "b")], 1);
    const sent = nextBatch(q1, 100);
    const q2 = reconcilePlace(q1, "p1", [put("n1", "a2"), put("n2", "b")], 2);
    const left = removeSent(q2, sent);
    expect(left.map((e) => (e.data as { text: string }).text)).toEqual(["a2"]);
    expect(dropKeys(q2, "p1", ["note/n1"]).map((e) => e.itemId)).toEqual(["n2"]);
  });

  it("batches one place at a time, oldest first, at most max changes", () => {
    let q = reconcilePlace([], "p2", [put("m1", "x")], 1);
    q = reconcilePlace(q, "p1", [put("n1", "a"), put("n2", "b"), put("n3", "c")], 2);
    expect(nextBatch(q, 100).map((e) => e.itemId)).toEqual(["m1"]);
    expect(nextBatch(q.slice(1), 2).map((e) => e.itemId)).toEqual(["n1", "n2"]);
  });
});

describe("merging the team's items", () => {
  it("server items replace local ones by (kind, itemId) and record who and when", () => {
    const local = data({ notes: [note("n1", "mine")] });
    const merged = mergeServerItems(
      local,
      emptySyncState,
      [
        serverItem({ kind: "note", itemId: "n1", data: note("n1", "edited by ana") }),
        serverItem({
          kind: "contact",
          itemId: "c1",
          data: contact("c1", "Bo"),
          createdBy: "bo",
          updatedBy: "bo",
        }),
        serverItem({ kind: "phone", itemId: "phone:5125550199", data: { phone: "512-555-0199" } }),
        serverItem({
          kind: "address",
          itemId: "address",
          data: { line1: "1 Main", city: "Austin", state: "TX", zip: "" },
        }),
      ],
      new Set(),
    );
    expect(merged.data.notes).toEqual([note("n1", "edited by ana")]);
    expect(merged.data.contacts).toEqual([contact("c1", "Bo")]);
    expect(merged.data.extraPhones).toEqual(["512-555-0199"]);
    expect(merged.data.addressOverride?.city).toBe("Austin");
    expect(merged.state.snapshot["phone/phone:5125550199"]).toEqual({ phone: "512-555-0199" });
    expect(merged.state.meta["contact/c1"]).toEqual({
      createdBy: "bo",
      updatedBy: "bo",
      createdAt: Date.parse("2026-11-26T10:00:00.000Z"),
      updatedAt: Date.parse("2026-11-26T10:05:00.000Z"),
      needsFixing: false,
    });
    // Nothing left to send: local now equals the snapshot.
    expect(diffItems(merged.state.snapshot, merged.data)).toEqual([]);
  });

  it("an unsent local change wins (and is still seen by the diff); the snapshot follows the server", () => {
    const local = data({ notes: [note("n1", "my unsent edit")] });
    const merged = mergeServerItems(
      local,
      emptySyncState,
      [serverItem({ kind: "note", itemId: "n1", data: note("n1", "theirs") })],
      new Set([itemKey("note", "n1")]),
    );
    expect(merged.data.notes[0].text).toBe("my unsent edit");
    expect(merged.state.snapshot["note/n1"]).toEqual(note("n1", "theirs"));
    expect(diffItems(merged.state.snapshot, merged.data)).toHaveLength(1);
  });

  it("a tombstone removes the item, even with a change pending, and drops that change", () => {
    const local = data({
      notes: [note("n1", "x"), note("n2", "y")],
      extraPhones: ["512-555-0199"],
    });
    const state = {
      ...emptySyncState,
      snapshot: { "note/n1": note("n1", "x"), "phone/phone:5125550199": { phone: "512-555-0199" } },
      meta: {
        "note/n1": {
          createdBy: "a",
          updatedBy: "a",
          createdAt: 1,
          updatedAt: 1,
          needsFixing: false,
        },
      },
    };
    const merged = mergeServerItems(
      local,
      state,
      [
        serverItem({ kind: "note", itemId: "n1", deleted: true }),
        serverItem({ kind: "note", itemId: "n2", deleted: true }),
        serverItem({ kind: "phone", itemId: "phone:5125550199", deleted: true }),
      ],
      new Set(["note/n2"]),
    );
    expect(merged.data.notes).toEqual([]);
    expect(merged.data.extraPhones).toEqual([]);
    expect(merged.state.snapshot).toEqual({});
    expect(merged.state.meta).toEqual({});
    expect(merged.dropPending).toEqual(["note/n2"]);
  });

  it("a tombstone of the address or an extra phone keeps the rep's unsent value, to be sent", () => {
    const address = { line1: "9 Elm", city: "Austin", state: "TX", zip: "" };
    const local = data({ extraPhones: ["512-555-0199"], addressOverride: address });
    const pending = new Set(["phone/phone:5125550199", "address/address"]);
    const merged = mergeServerItems(
      local,
      emptySyncState,
      [
        serverItem({ kind: "phone", itemId: "phone:5125550199", deleted: true }),
        serverItem({ kind: "address", itemId: "address", deleted: true }),
      ],
      pending,
    );
    expect(merged.data.extraPhones).toEqual(["512-555-0199"]);
    expect(merged.data.addressOverride).toEqual(address);
    expect(merged.dropPending).toEqual([]);
    expect(
      diffItems(merged.state.snapshot, merged.data)
        .map((c) => c.itemId)
        .sort(),
    ).toEqual(["address", "phone:5125550199"]);
  });

  it("keeps a needs-fixing legacy item, and skips one the local store could not hold", () => {
    const merged = mergeServerItems(
      emptyFacilityData,
      emptySyncState,
      [
        serverItem({
          kind: "phone",
          itemId: phoneItemId("abc"),
          data: { phone: "abc" },
          needsFixing: true,
        }),
        serverItem({ kind: "note", itemId: "n9", data: { id: "n9", text: 42 } }),
      ],
      new Set(),
    );
    expect(merged.data.extraPhones).toEqual(["abc"]);
    expect(merged.data.notes).toEqual([]);
    expect(merged.state.meta[`phone/${phoneItemId("abc")}`].needsFixing).toBe(true);
  });

  it("keeps appointments in time order", () => {
    const a = (id: string, ts: number) => ({ id, ts, durationMin: 30 });
    const merged = mergeServerItems(
      data({ appointments: [a("a2", 200)] }),
      emptySyncState,
      [serverItem({ kind: "appointment", itemId: "a1", data: a("a1", 100) })],
      new Set(),
    );
    expect(merged.data.appointments.map((x) => x.id)).toEqual(["a1", "a2"]);
  });
});

describe("push batches stay under the server's body limit", () => {
  it("splits a place's changes by size, always sending at least one", async () => {
    const { nextBatch } = await import("@/modules/records/client/outbox");
    const big = "x".repeat(7000);
    const entries = Array.from({ length: 20 }, (_, i) => ({
      placeId: "p1",
      kind: "note" as const,
      itemId: `n${i}`,
      op: "put" as const,
      data: { id: `n${i}`, text: big, created: 1 },
      queuedAt: 1,
    }));
    const batch = nextBatch(entries as never, 100);
    expect(batch.length).toBeGreaterThan(0);
    expect(batch.length).toBeLessThan(20);
    expect(JSON.stringify(batch).length).toBeLessThan(64 * 1024);
    expect(nextBatch(entries.slice(0, 1) as never, 100, 10)).toHaveLength(1);
  });
});
