import { beforeEach, describe, expect, it } from "vitest";
import { installFakeWindow } from "../support/fake-browser";
import { ApiClientError } from "@/lib/client/api-error";
import { readStored, removeStored } from "@/lib/client/storage";
import { recordsOutboxKey } from "@/modules/records/client/outbox-key";
import { createRecordsSync, type RecordsApi } from "@/modules/records/client/engine";
import { phoneItemId, type ItemChange } from "@/modules/records/client/items";
import type { ServerItem } from "@/modules/records/client/merge";
import { recordsSyncFamily } from "@/modules/records/client/sync-keys";
import { facilityFamily, updateFacility } from "@/modules/facility/lib/store";
import { addContact, addNote, removeNote } from "@/modules/facility/lib/updaters";
import { checkAccountPut } from "@/modules/records/lib/schemas";

// The sync engine end to end in one process: real storage (a fake window), a fake records API
// that follows modules/records/lib/schemas.ts (per-item last writer wins, tombstones, legacy items kept
// "needs fixing", notes changed only by their author), and two reps taking turns in one browser.

const win = installFakeWindow();
const PLACE = "place-1";

function fakeRecordsServer() {
  let seq = 0;
  let clock = Date.parse("2026-11-26T10:00:00.000Z");
  const rows = new Map<string, ServerItem & { seq: number; place: string }>();
  const state = {
    down: false as false | "network" | "400",
    user: "rep1",
    pushes: [] as ItemChange[][],
  };
  const visible = (r: ServerItem & { seq: number }) => {
    const { seq: _seq, place: _place, ...item } = r as ServerItem & { seq: number; place: string };
    return item;
  };
  const fail = () => {
    if (state.down === "network")
      throw new ApiClientError({ status: 0, code: "network", message: "Network error" });
    if (state.down === "400")
      throw new ApiClientError({ status: 400, code: "invalid", message: "Bad request" });
  };
  const api: RecordsApi = {
    async push(placeId, changes) {
      await Promise.resolve();
      fail();
      state.pushes.push(changes);
      const rejected: Awaited<ReturnType<RecordsApi["push"]>>["rejected"] = [];
      const touched: ServerItem[] = [];
      for (const c of changes) {
        const id = `${placeId}/${c.kind}/${c.itemId}`;
        const before = rows.get(id);
        const now = new Date((clock += 1000)).toISOString();
        const reject = (code: "invalid" | "not_author" | "deleted") =>
          rejected.push({ kind: c.kind, itemId: c.itemId, code, message: code });
        if (before?.deleted) reject("deleted");
        else if (c.kind === "note" && before && before.createdBy !== state.user)
          reject("not_author");
        else if (c.op === "delete") {
          if (before)
            rows.set(id, {
              ...before,
              data: null,
              deleted: true,
              updatedBy: state.user,
              updatedAt: now,
              seq: ++seq,
            });
        } else {
          const verdict = checkAccountPut(c.kind, c.itemId, c.data, c.legacy);
          if (!verdict.ok) reject("invalid");
          else
            rows.set(id, {
              kind: c.kind,
              itemId: c.itemId,
              data: verdict.data,
              deleted: false,
              needsFixing: verdict.needsFixing,
              createdBy: before?.createdBy ?? state.user,
              updatedBy: state.user,
              createdAt: before?.createdAt ?? now,
              updatedAt: now,
              place: placeId,
              seq: ++seq,
            });
        }
        const row = rows.get(id);
        if (row) touched.push(visible(row));
      }
      return { items: touched, rejected };
    },
    async pull(placeId, since) {
      await Promise.resolve();
      fail();
      const from = since === null ? 0 : Number(since);
      const items = [...rows.values()]
        .filter((r) => r.place === placeId && r.seq > from)
        .sort((a, b) => a.seq - b.seq);
      const page = items.slice(0, 2); // small pages: the engine must follow `more`
      const cursor = String(page.length ? page[page.length - 1].seq : from);
      return { items: page.map(visible), cursor, more: items.length > page.length };
    },
  };
  return { api, rows, state };
}

/** Timers that never fire by themselves: the test decides when a retry happens. */
const manualTimers = () => {
  const pending: (() => void)[] = [];
  return {
    pending,
    now: () => 1_000,
    setTimeout: (fn: () => void) => pending.push(fn),
    clearTimeout: () => undefined,
  };
};

const signIn = (user: string) => win.localStorage.setItem("auth.user", user);
const local = () => readStored(facilityFamily.key(PLACE));
const syncState = () => readStored(recordsSyncFamily.key(PLACE));

beforeEach(() => {
  for (const user of ["rep1", "rep2"]) {
    signIn(user);
    removeStored(facilityFamily.key(PLACE));
  }
  win.localStorage.clear();
  signIn("rep1");
});

describe("the records sync engine", () => {
  it("first sync uploads a store written by today's code without loss, legacy phone marked", async () => {
    // Exactly what modules/facility/lib/store.ts writes today (version 1 envelope, per rep).
    win.localStorage.setItem(
      `facility.${PLACE}:rep1`,
      JSON.stringify({
        v: 1,
        value: {
          notes: [{ id: "n-old", text: "Call after 3pm", created: 1_700_000_000_000 }],
          appointments: [{ id: "a-old", ts: 1_800_000_000_000, durationMin: 30 }],
          contacts: [{ id: "c-old", name: "Dr. Lee", email: "", phone: "512 555 0101" }],
          extraPhones: ["512-555-0199", "abc"],
          addressOverride: { line1: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
          dialCount: 3,
        },
      }),
    );
    const server = fakeRecordsServer();
    const engine = createRecordsSync(server.api, manualTimers());
    await engine.sync(PLACE);

    const kept = [...server.rows.values()].map((r) => `${r.kind}/${r.itemId}:${r.needsFixing}`);
    expect(kept.sort()).toEqual(
      [
        "address/address:false",
        "appointment/a-old:false",
        "contact/c-old:false",
        "note/n-old:false",
        "phone/phone:5125550199:false",
        `phone/${phoneItemId("abc")}:true`,
      ].sort(),
    );
    const abc = server.state.pushes.flat().find((c) => c.itemId === phoneItemId("abc"));
    expect(abc).toMatchObject({ op: "put", legacy: true, data: { phone: "abc" } });
    expect(readStored(recordsOutboxKey)).toEqual([]);
    expect(engine.status(PLACE)).toBe("synced");
    // Nothing local was lost or changed; the drawer can mark the legacy phone.
    expect(local().extraPhones).toEqual(["512-555-0199", "abc"]);
    expect(local().notes[0].text).toBe("Call after 3pm");
    expect(local().dialCount).toBe(3);
    expect(syncState().meta[`phone/${phoneItemId("abc")}`].needsFixing).toBe(true);
    expect(syncState().meta["note/n-old"]).toMatchObject({ createdBy: "rep1", needsFixing: false });
  });

  it("first sync merges by id with what the team already has", async () => {
    const server = fakeRecordsServer();
    // rep2 already shared a note from another browser.
    server.state.user = "rep2";
    await server.api.push(PLACE, [
      {
        kind: "note",
        itemId: "n-team",
        op: "put",
        data: { id: "n-team", text: "Team note", created: 5 },
      },
    ]);
    server.state.user = "rep1";
    updateFacility(PLACE, addNote("Mine", { id: "n-mine", now: 6 }));
    const engine = createRecordsSync(server.api, manualTimers());
    await engine.sync(PLACE);
    expect(
      local()
        .notes.map((n) => n.id)
        .sort(),
    ).toEqual(["n-mine", "n-team"]);
    expect(server.rows.has(`${PLACE}/note/n-mine`)).toBe(true);
    expect(syncState().meta["note/n-team"].createdBy).toBe("rep2");
  });

  it("first sync takes the team's newer version of an item it already has, uploads the rest", async () => {
    const server = fakeRecordsServer();
    // This rep's contact reached the team from another browser (an imported export), and a
    // colleague has corrected it since.
    server.state.user = "rep2";
    await server.api.push(PLACE, [
      {
        kind: "contact",
        itemId: "c1",
        op: "put",
        data: { id: "c1", name: "Dr. Lee (corrected)", email: "", phone: "" },
      },
    ]);
    server.state.user = "rep1";
    updateFacility(PLACE, addContact({ name: "Dr. Lee", email: "", phone: "" }, { id: "c1" }));
    updateFacility(PLACE, addNote("only here", { id: "n1", now: 1 }));
    const engine = createRecordsSync(server.api, manualTimers());
    engine.localChange(PLACE); // before the first pull: nothing is queued yet
    expect(readStored(recordsOutboxKey)).toEqual([]);
    await engine.sync(PLACE);
    expect(local().contacts.map((c) => c.name)).toEqual(["Dr. Lee (corrected)"]);
    expect(server.rows.get(`${PLACE}/contact/c1`)?.data).toMatchObject({
      name: "Dr. Lee (corrected)",
    });
    expect(server.rows.has(`${PLACE}/note/n1`)).toBe(true);
    expect(server.state.pushes.flat().map((c) => c.itemId)).toEqual(["c1", "n1"]);
  });

  it("rep A's note and contact reach rep B; B's view records who added them", async () => {
    const server = fakeRecordsServer();
    const engine = createRecordsSync(server.api, manualTimers());
    await engine.sync(PLACE); // the drawer opened
    updateFacility(PLACE, addNote("Gatekeeper is Sam", { id: "n1", now: 10 }));
    updateFacility(PLACE, addContact({ name: "Sam", email: "", phone: "" }, { id: "c1" }));
    engine.localChange(PLACE);
    await engine.flush();
    expect(server.rows.size).toBe(2);

    signIn("rep2");
    server.state.user = "rep2";
    expect(local().notes).toEqual([]);
    await engine.sync(PLACE);
    expect(local().notes.map((n) => n.text)).toEqual(["Gatekeeper is Sam"]);
    expect(local().contacts.map((c) => c.name)).toEqual(["Sam"]);
    expect(syncState().meta["contact/c1"].createdBy).toBe("rep1");
    // B's sync sent nothing back: the pulled items are the snapshot.
    expect(server.state.pushes).toHaveLength(1);
  });

  it("offline: edits stay queued, coalesced, and go out once the server answers again", async () => {
    const server = fakeRecordsServer();
    const timers = manualTimers();
    const engine = createRecordsSync(server.api, timers);
    await engine.sync(PLACE);
    server.state.down = "network";
    updateFacility(PLACE, addNote("draft 1", { id: "n1", now: 1 }));
    engine.localChange(PLACE);
    await engine.flush();
    expect(engine.status(PLACE)).toBe("offline");
    expect(timers.pending).toHaveLength(1); // a retry is scheduled
    // Edit the same note twice more while offline (replace it by id), plus a removal.
    updateFacility(PLACE, (d) => ({ ...d, notes: [{ id: "n1", text: "draft 2", created: 1 }] }));
    engine.localChange(PLACE);
    await engine.flush();
    updateFacility(PLACE, (d) => ({ ...d, notes: [{ id: "n1", text: "final", created: 1 }] }));
    engine.localChange(PLACE);
    await engine.flush();
    expect(readStored(recordsOutboxKey).map((e) => (e.data as { text: string }).text)).toEqual([
      "final",
    ]);

    server.state.down = false;
    timers.pending.pop()!();
    await engine.flush();
    expect(server.state.pushes).toEqual([
      [expect.objectContaining({ itemId: "n1", data: expect.objectContaining({ text: "final" }) })],
    ]);
    expect(readStored(recordsOutboxKey)).toEqual([]);
    expect(engine.status(PLACE)).toBe("synced");
  });

  it("a pull never overwrites an unsent local change; a tombstone removes the item", async () => {
    const server = fakeRecordsServer();
    const timers = manualTimers();
    const engine = createRecordsSync(server.api, timers);
    updateFacility(PLACE, addContact({ name: "Old", email: "", phone: "" }, { id: "c1" }));
    updateFacility(PLACE, addNote("to be deleted", { id: "n1", now: 1 }));
    await engine.sync(PLACE);

    // A colleague renames the contact and deletes the note (rep1 wrote it; the fake lets the
    // author delete only, so rep1 deletes it from "another browser").
    server.state.user = "rep2";
    await server.api.push(PLACE, [
      {
        kind: "contact",
        itemId: "c1",
        op: "put",
        data: { id: "c1", name: "Theirs", email: "", phone: "" },
      },
    ]);
    server.state.user = "rep1";
    await server.api.push(PLACE, [{ kind: "note", itemId: "n1", op: "delete" }]);

    // Meanwhile rep1 renamed the contact here, offline.
    server.state.down = "network";
    updateFacility(PLACE, (d) => ({
      ...d,
      contacts: [{ id: "c1", name: "Mine", email: "", phone: "" }],
    }));
    engine.localChange(PLACE);
    await engine.flush();
    server.state.down = false;

    await engine.sync(PLACE);
    expect(local().notes).toEqual([]);
    expect(local().contacts.map((c) => c.name)).toEqual(["Mine"]);
    expect(server.rows.get(`${PLACE}/contact/c1`)?.data).toMatchObject({ name: "Mine" });
    expect(syncState().meta["contact/c1"].updatedBy).toBe("rep1");
  });

  it("a local delete is sent; a refused change reverts to the team's version", async () => {
    const server = fakeRecordsServer();
    const engine = createRecordsSync(server.api, manualTimers());
    server.state.user = "rep2";
    await server.api.push(PLACE, [
      {
        kind: "note",
        itemId: "n2",
        op: "put",
        data: { id: "n2", text: "rep2's note", created: 1 },
      },
    ]);
    server.state.user = "rep1";
    const refusals: [string, string][] = [];
    engine.subscribeRefusals((place, reason) => refusals.push([place, reason]));
    updateFacility(PLACE, addNote("mine", { id: "n1", now: 2 }));
    await engine.sync(PLACE);
    expect(local().notes).toHaveLength(2);
    expect(refusals).toEqual([]);

    updateFacility(PLACE, removeNote("n1"));
    updateFacility(PLACE, removeNote("n2")); // not rep1's to delete
    engine.localChange(PLACE);
    await engine.flush();
    // The rep is told why rep2's note came back.
    expect(refusals).toEqual([[PLACE, "not_author"]]);
    expect(server.rows.get(`${PLACE}/note/n1`)?.deleted).toBe(true);
    expect(server.rows.get(`${PLACE}/note/n2`)?.deleted).toBe(false);
    expect(local().notes.map((n) => n.id)).toEqual(["n2"]);
    expect(readStored(recordsOutboxKey)).toEqual([]);
  });

  it("an item the server refuses goes once more as legacy, then stays here until changed", async () => {
    const server = fakeRecordsServer();
    const engine = createRecordsSync(server.api, manualTimers());
    // Over the server's 8 KiB item limit: refused as invalid, legacy or not.
    updateFacility(
      PLACE,
      addContact({ name: "x".repeat(9000), email: "", phone: "" }, { id: "c-big" }),
    );
    updateFacility(PLACE, addNote("fine", { id: "n1", now: 1 }));
    await engine.sync(PLACE);
    const sent = server.state.pushes.flat().filter((c) => c.itemId === "c-big");
    expect(sent.map((c) => Boolean(c.legacy))).toEqual([false, true]);
    expect(server.rows.has(`${PLACE}/note/n1`)).toBe(true);
    expect(readStored(recordsOutboxKey)).toEqual([]);
    expect(local().contacts).toHaveLength(1); // nothing lost locally

    const pushes = server.state.pushes.length;
    await engine.sync(PLACE);
    engine.localChange(PLACE);
    await engine.flush();
    expect(server.state.pushes.length).toBe(pushes);
    // Fixed by the rep: it goes out again (as legacy, the server having refused it before).
    updateFacility(PLACE, (d) => ({
      ...d,
      contacts: [{ id: "c-big", name: "Short", email: "", phone: "" }],
    }));
    engine.localChange(PLACE);
    await engine.flush();
    expect(server.rows.get(`${PLACE}/contact/c-big`)?.data).toMatchObject({ name: "Short" });
    expect(syncState().refused).toEqual({});
  });

  it("a 4xx is final: the batch is dropped and the status says so", async () => {
    const server = fakeRecordsServer();
    const engine = createRecordsSync(server.api, manualTimers());
    await engine.sync(PLACE);
    server.state.down = "400";
    updateFacility(PLACE, addNote("x", { id: "n1", now: 1 }));
    engine.localChange(PLACE);
    await engine.flush();
    expect(readStored(recordsOutboxKey)).toEqual([]);
    expect(engine.status(PLACE)).toBe("error");
  });
});
