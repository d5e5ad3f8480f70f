// Team account records: pushes idempotent by item, tombstones, pulls since a cursor,
// two reps of one team editing one business, two teams on one place id, validation with the
// drawer's own schemas, legacy items kept "needs fixing", and no skipped change under concurrency.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb, getDbState } from "@/lib/db/client";
import {
  ACCOUNT_LOCK_SPACE,
  placeLockName,
  pullItems,
  pushChanges,
} from "@/modules/records/lib/items";
import {
  accountPullResponseSchema,
  accountPushResponseSchema,
  phoneItemId,
  type AccountChange,
} from "@/modules/records/lib/schemas";
import { organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const { GET, PUT } = await import("@/app/api/records/[placeId]/items/route");

let rep: Rep;
let teammate: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [rep, teammate, stranger] = await Promise.all([repOf(org.id), repOf(org.id), repOf(other.id)]);
});

const newPlace = () => `ChIJrecords-${crypto.randomBytes(6).toString("hex")}`;
const id = () => crypto.randomUUID();
const params = (placeId: string) => ({ params: Promise.resolve({ placeId }) });

function push(who: { token?: string }, placeId: string, changes: unknown[]) {
  return PUT(
    request("PUT", `/api/records/${encodeURIComponent(placeId)}/items`, {
      token: who.token,
      body: { changes },
    }),
    params(placeId),
  );
}
async function pushed(who: Rep, placeId: string, changes: unknown[]) {
  const res = await push(who, placeId, changes);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return accountPushResponseSchema.parse(await res.json());
}
function pull(who: { token?: string }, placeId: string, since?: string) {
  const qs = since === undefined ? "" : `?since=${since}`;
  return GET(
    request("GET", `/api/records/${encodeURIComponent(placeId)}/items${qs}`, { token: who.token }),
    params(placeId),
  );
}
async function pulled(who: Rep, placeId: string, since?: string) {
  const res = await pull(who, placeId, since);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return accountPullResponseSchema.parse(await res.json());
}

const note = (itemId: string, text: string, created = Date.UTC(2026, 10, 1)): AccountChange => ({
  kind: "note",
  itemId,
  op: "put",
  data: { id: itemId, text, created },
});
const contact = (itemId: string, name: string): AccountChange => ({
  kind: "contact",
  itemId,
  op: "put",
  data: { id: itemId, name, email: "", phone: "" },
});
const del = (kind: AccountChange["kind"], itemId: string): AccountChange => ({
  kind,
  itemId,
  op: "delete",
});

async function rowOf(who: Rep, placeId: string, kind: string, itemId: string) {
  const db = await getDb();
  return db.accountItem.findUniqueOrThrow({
    where: {
      organizationId_placeId_kind_itemId: {
        organizationId: who.organizationId,
        placeId,
        kind: kind as "note",
        itemId,
      },
    },
  });
}

function sessionOf(who: Rep): UserSession {
  return {
    kind: "user",
    sid: id(),
    userId: who.userId,
    username: who.username,
    organizationId: who.organizationId,
    email: null,
    emailVerified: false,
    mustEnrolTwoFactor: false,
  } as UserSession;
}

describe("access", () => {
  it("answers 401 without a token, to pulls and pushes", async () => {
    const place = newPlace();
    expect((await pull({}, place)).status).toBe(401);
    expect((await push({}, place, [note(id(), "x")])).status).toBe(401);
    expect((await pull({ token: "not-a-token" }, place)).status).toBe(401);
  });

  it("refuses a malformed batch or cursor as a whole (400), writing nothing", async () => {
    const place = newPlace();
    expect((await push(rep, place, [])).status).toBe(400);
    expect((await push(rep, place, [{ kind: "note", itemId: "a", op: "upsert" }])).status).toBe(
      400,
    );
    expect((await pull(rep, place, "abc")).status).toBe(400);
    expect((await pull(rep, place, "99999999999999999999")).status).toBe(400);
    expect((await pull(rep, place, "9999999999999999999")).status).toBe(400);
    expect((await pulled(rep, place)).items).toEqual([]);
  });
});

describe("pushing", () => {
  it("creates items with their author and server times, and a repeated put changes nothing", async () => {
    const place = newPlace();
    const n = id();
    const now = new Date();
    const first = await pushed(rep, place, [note(n, "  Ask for the owner  ")]);
    expect(first.rejected).toEqual([]);
    expect(first.items).toEqual([
      {
        kind: "note",
        itemId: n,
        data: { id: n, text: "Ask for the owner", created: Date.UTC(2026, 10, 1) },
        deleted: false,
        needsFixing: false,
        createdBy: rep.username,
        updatedBy: rep.username,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(new Date(first.items[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(
      now.getTime() - 1000,
    );
    const before = await rowOf(rep, place, "note", n);

    // The same put again (untrimmed or trimmed): same item, no new change for pullers.
    const again = await pushed(rep, place, [note(n, "  Ask for the owner  ")]);
    const trimmed = await pushed(rep, place, [note(n, "Ask for the owner")]);
    expect(again).toEqual(first);
    expect(trimmed).toEqual(first);
    const after = await rowOf(rep, place, "note", n);
    expect(after.seq).toBe(before.seq);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("keeps a deleted item as a tombstone that stays deleted", async () => {
    const place = newPlace();
    const c = id();
    await pushed(rep, place, [contact(c, "Dana")]);
    const gone = await pushed(teammate, place, [del("contact", c)]);
    expect(gone.rejected).toEqual([]);
    expect(gone.items).toEqual([
      expect.objectContaining({
        itemId: c,
        data: null,
        deleted: true,
        createdBy: rep.username,
        updatedBy: teammate.username,
      }),
    ]);
    const tomb = await rowOf(rep, place, "contact", c);

    // Deleting again changes nothing; a put from a rep who had not seen the delete is refused.
    expect(await pushed(rep, place, [del("contact", c)])).toEqual(gone);
    const late = await pushed(rep, place, [contact(c, "Dana Ray")]);
    expect(late.rejected).toEqual([
      { kind: "contact", itemId: c, code: "deleted", message: expect.any(String) },
    ]);
    expect(late.items).toEqual(gone.items);
    expect((await rowOf(rep, place, "contact", c)).seq).toBe(tomb.seq);

    // A delete of an item this server never saw leaves a tombstone too (a later put stays out).
    const unseen = id();
    const pre = await pushed(rep, place, [del("appointment", unseen)]);
    expect(pre.items[0]).toMatchObject({ kind: "appointment", itemId: unseen, deleted: true });
    const put = await pushed(rep, place, [
      {
        kind: "appointment",
        itemId: unseen,
        op: "put",
        data: { id: unseen, ts: Date.UTC(2026, 11, 1, 15), durationMin: 30 },
      },
    ]);
    expect(put.rejected[0]?.code).toBe("deleted");

    // Pulls carry the tombstones.
    const all = await pulled(teammate, place);
    expect(all.items.filter((i) => i.deleted).map((i) => i.itemId)).toEqual([c, unseen]);
  });

  it("sets an address or extra phone again after its delete (last writer wins), even one deleted in advance", async () => {
    const place = newPlace();
    const phone = (number: string): AccountChange => ({
      kind: "phone",
      itemId: phoneItemId(number),
      op: "put",
      data: { phone: number },
    });
    const address = (text: string): AccountChange => ({
      kind: "address",
      itemId: "address",
      op: "put",
      data: { line1: text, city: "Austin", state: "TX", zip: "78701" },
    });
    // Any rep could send these before anyone set them: they must not lock the items for good.
    await pushed(stranger, place, [del("address", "address")]);
    await pushed(rep, place, [
      del("address", "address"),
      del("phone", phoneItemId("512 555 0100")),
    ]);
    const again = await pushed(teammate, place, [address("12 Main St"), phone("512 555 0100")]);
    expect(again.rejected).toEqual([]);
    expect(again.items.map((i) => [i.kind, i.deleted, i.data, i.updatedBy])).toEqual([
      ["address", false, expect.objectContaining({ line1: "12 Main St" }), teammate.username],
      ["phone", false, { phone: "512 555 0100" }, teammate.username],
    ]);
    // Cleared and set once more: each time the latest change is what the team sees.
    await pushed(rep, place, [del("address", "address")]);
    const third = await pushed(rep, place, [address("14 Main St")]);
    expect(third.rejected).toEqual([]);
    expect(third.items[0]).toMatchObject({ deleted: false, data: { line1: "14 Main St" } });
    const all = await pulled(teammate, place);
    expect(all.items.map((i) => [i.itemId, i.deleted])).toEqual([
      [phoneItemId("512 555 0100"), false],
      ["address", false],
    ]);
    // The other team's tombstone is its own: untouched.
    expect((await pulled(stranger, place)).items).toEqual([
      expect.objectContaining({ itemId: "address", deleted: true }),
    ]);
  });

  it("refuses a body nested thousands of levels deep with 400, writing nothing", async () => {
    const place = newPlace();
    const deep = "[".repeat(6000) + "]".repeat(6000);
    const res = await PUT(
      request("PUT", `/api/records/${encodeURIComponent(place)}/items`, {
        token: rep.token,
        headers: { "content-type": "application/json" },
        rawBody: `{"changes":[{"kind":"note","itemId":"a","op":"put","data":${deep}}]}`,
      }),
      params(place),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "json_too_deep" });
    // Brackets inside strings are text, not nesting.
    const n = id();
    const ok = await pushed(rep, place, [note(n, "[".repeat(100))]);
    expect(ok.rejected).toEqual([]);
    expect((await pulled(rep, place)).items.map((i) => i.itemId)).toEqual([n]);
  });

  it("applies the valid changes of a batch and refuses the others with the schema's messages", async () => {
    const place = newPlace();
    const ok = id();
    const long = id();
    const appt = id();
    const res = await pushed(rep, place, [
      note(long, "x".repeat(1001)),
      { kind: "phone", itemId: phoneItemId("abc"), op: "put", data: { phone: "abc" } },
      { kind: "phone", itemId: "phone:4155550132", op: "put", data: { phone: "(415) 555-0132" } },
      {
        kind: "appointment",
        itemId: appt,
        op: "put",
        data: { id: appt, ts: Date.UTC(2400, 0, 1), durationMin: 30 },
      },
      contact(ok, "Sam"),
      { kind: "contact", itemId: id(), op: "put", data: { id: id(), name: "Mismatch" } },
      {
        kind: "address",
        itemId: "addr",
        op: "put",
        data: { line1: "1 Main", city: "", state: "", zip: "" },
      },
      { kind: "phone", itemId: "phone:999", op: "put", data: { phone: "+1 415 555 0132" } },
      { kind: "note", itemId: id(), op: "put" },
    ]);
    expect(res.items.map((i) => [i.kind, i.itemId])).toEqual([
      ["phone", "phone:4155550132"],
      ["contact", ok],
    ]);
    const byId = Object.fromEntries(res.rejected.map((r) => [r.itemId, r]));
    expect(res.rejected).toHaveLength(7);
    expect(res.rejected.every((r) => r.code === "invalid")).toBe(true);
    expect(byId[long]?.message).toMatch(/^text: .*1000/);
    expect(byId[phoneItemId("abc")]?.message).toMatch(/^phone: Enter a phone number/);
    expect(byId[appt]?.message).toBe(
      "ts: Choose an appointment time between the years 2000 and 2099",
    );
    expect(byId.addr?.message).toBe("The item id does not match its address");
    expect(byId["phone:999"]?.message).toBe("The item id does not match its phone");
    // Nothing refused was stored.
    expect((await pulled(rep, place)).items.map((i) => i.itemId)).toEqual(["phone:4155550132", ok]);
  });

  it("keeps legacy items the rules refuse, marked needs fixing, within the size bound", async () => {
    const place = newPlace();
    const abc = phoneItemId("abc");
    const old = id();
    const big = id();
    const res = await pushed(rep, place, [
      { kind: "phone", itemId: abc, op: "put", data: { phone: "abc" }, legacy: true },
      {
        kind: "appointment",
        itemId: old,
        op: "put",
        data: { id: old, ts: 1, durationMin: 30 },
        legacy: true,
      },
      {
        kind: "note",
        itemId: big,
        op: "put",
        data: { id: big, text: "y".repeat(9000), created: 1 },
        legacy: true,
      },
      { ...contact(id(), "Valid"), legacy: true },
    ]);
    expect(res.items.map((i) => [i.itemId, i.needsFixing, i.data])).toEqual([
      [abc, true, { phone: "abc" }],
      [old, true, { id: old, ts: 1, durationMin: 30 }],
      [expect.any(String), false, expect.objectContaining({ name: "Valid" })],
    ]);
    expect(res.rejected).toEqual([
      {
        kind: "note",
        itemId: big,
        code: "invalid",
        message: "An item is at most 8192 bytes of JSON",
      },
    ]);

    // Fixed by a rep: the item is in today's form again; a second legacy upload cannot undo it.
    const fixed = { id: old, ts: Date.UTC(2026, 11, 2, 9), durationMin: 30 };
    const fix = await pushed(teammate, place, [
      { kind: "appointment", itemId: old, op: "put", data: fixed },
    ]);
    expect(fix.items[0]).toMatchObject({
      needsFixing: false,
      data: fixed,
      updatedBy: teammate.username,
    });
    const again = await pushed(rep, place, [
      {
        kind: "appointment",
        itemId: old,
        op: "put",
        data: { id: old, ts: 1, durationMin: 30 },
        legacy: true,
      },
    ]);
    expect(again.rejected[0]?.code).toBe("invalid");
    expect(again.items[0]).toMatchObject({ needsFixing: false, data: fixed });
  });
});

describe("two reps of one team", () => {
  it("share every item; the last writer of a contact wins and is named", async () => {
    const place = newPlace();
    const c = id();
    await pushed(rep, place, [contact(c, "Lee")]);
    const seen = await pulled(teammate, place);
    expect(seen.items).toEqual([expect.objectContaining({ itemId: c, createdBy: rep.username })]);

    await pushed(teammate, place, [contact(c, "Lee Park")]);
    const res = await pushed(rep, place, [contact(c, "Lee P.")]);
    expect(res.items[0]).toMatchObject({
      data: { id: c, name: "Lee P.", email: "", phone: "" },
      createdBy: rep.username,
      updatedBy: rep.username,
    });

    // A change stamped earlier than the stored one (another instance's request that waited its
    // turn) loses: the stored item is what both reps see.
    const stored = await rowOf(rep, place, "contact", c);
    const older = new Date(stored.updatedAt.getTime() - 60_000);
    const lost = await pushChanges(sessionOf(teammate), place, [contact(c, "Stale")], older);
    expect(lost.rejected).toEqual([]);
    expect(lost.items[0]).toMatchObject({ data: { name: "Lee P." }, updatedBy: rep.username });
    expect((await rowOf(rep, place, "contact", c)).seq).toBe(stored.seq);
  });

  it("lets a manager correct or delete a rep's note, and names the manager", async () => {
    const manager = await repOf(rep.organizationId, "manager");
    const place = newPlace();
    const n = id();
    const gone = id();
    await pushed(rep, place, [note(n, "Ask for Dr. Lee"), note(gone, "wrong business")]);
    const fixed = await pushed(manager, place, [note(n, "Ask for Dr. Li"), del("note", gone)]);
    expect(fixed.rejected).toEqual([]);
    const { items } = await pulled(teammate, place);
    expect(items.find((i) => i.itemId === n)).toMatchObject({
      data: { text: "Ask for Dr. Li" },
      updatedBy: manager.username,
    });
    expect(items.find((i) => i.itemId === gone)).toMatchObject({ deleted: true });
  });

  it("lets only the author change or delete a note", async () => {
    const place = newPlace();
    const n = id();
    await pushed(rep, place, [note(n, "Mine")]);
    const edit = await pushed(teammate, place, [note(n, "Theirs"), del("note", n)]);
    expect(edit.rejected.map((r) => r.code)).toEqual(["not_author", "not_author"]);
    expect(edit.items[0]).toMatchObject({ data: { text: "Mine" }, deleted: false });

    // Each rep's own notes never overwrite each other; the author edits and deletes.
    const theirs = id();
    await pushed(teammate, place, [note(theirs, "Theirs")]);
    await pushed(rep, place, [note(n, "Mine, edited")]);
    const gone = await pushed(rep, place, [del("note", n)]);
    expect(gone.items[0]).toMatchObject({ deleted: true, updatedBy: rep.username });
    const all = await pulled(teammate, place);
    expect(all.items.map((i) => [i.itemId, i.deleted])).toEqual([
      [theirs, false],
      [n, true],
    ]);
  });
});

describe("two organizations on one place id", () => {
  it("never see each other's items, even under the same item id", async () => {
    const place = newPlace();
    const shared = id();
    await pushed(rep, place, [note(shared, "Team A"), contact(id(), "A's contact")]);
    expect((await pulled(stranger, place)).items).toEqual([]);

    // The other team's writes to the same ids are its own items: no not_author, no tombstone.
    const theirs = await pushed(stranger, place, [note(shared, "Team B"), del("contact", id())]);
    expect(theirs.rejected).toEqual([]);
    expect(theirs.items[0]).toMatchObject({
      data: { text: "Team B" },
      createdBy: stranger.username,
    });
    const ours = await pulled(rep, place);
    expect(ours.items.map((i) => i.data)).toEqual([
      expect.objectContaining({ text: "Team A" }),
      expect.objectContaining({ name: "A's contact" }),
    ]);
    expect((await pulled(stranger, place)).items).toHaveLength(2);
  });
});

describe("pulling since a cursor", () => {
  it("returns only newer changes, oldest first, and pages with `more`", async () => {
    const place = newPlace();
    const [a, b, c] = [id(), id(), id()];
    await pushed(rep, place, [contact(a, "A"), contact(b, "B")]);
    const first = await pulled(teammate, place);
    expect(first.items.map((i) => i.itemId)).toEqual([a, b]);
    expect(first.more).toBe(false);
    expect((await pulled(teammate, place, first.cursor)).items).toEqual([]);
    expect((await pulled(teammate, place, first.cursor)).cursor).toBe(first.cursor);

    await pushed(rep, place, [contact(c, "C"), contact(a, "A2")]);
    const next = await pulled(teammate, place, first.cursor);
    expect(next.items.map((i) => [i.itemId, (i.data as { name: string }).name])).toEqual([
      [c, "C"],
      [a, "A2"],
    ]);
    expect(BigInt(next.cursor)).toBeGreaterThan(BigInt(first.cursor));

    // Pages of two: the changes in order, `more` until the last page.
    const session = sessionOf(teammate);
    const p1 = await pullItems(session, place, undefined, 2);
    const p2 = await pullItems(session, place, p1.cursor, 2);
    expect([p1.more, p2.more]).toEqual([true, false]);
    expect([...p1.items, ...p2.items].map((i) => i.itemId)).toEqual([b, c, a]);
  });

  it("never skips a change while concurrent pushes commit", async () => {
    const place = newPlace();
    const ids = Array.from({ length: 24 }, () => id());
    const seen = new Set<string>();
    let cursor: string | undefined;
    let writing = true;
    const session = sessionOf(teammate);
    const puller = (async () => {
      while (writing) {
        const page = await pullItems(session, place, cursor);
        for (const item of page.items) seen.add(item.itemId);
        cursor = page.cursor;
      }
    })();
    const writers = [rep, teammate];
    await Promise.all(
      ids.map((itemId, i) =>
        pushChanges(sessionOf(writers[i % 2]!), place, [contact(itemId, `C${i}`)]),
      ),
    );
    writing = false;
    await puller;
    // One last pull from the puller's cursor brings whatever committed after its last read.
    const rest = await pullItems(session, place, cursor);
    for (const item of rest.items) seen.add(item.itemId);
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  // Deterministic on PostgreSQL: a slow writer draws its seq first and commits last. Without the
  // per-place lock a push would commit a later seq meanwhile, a pull would move the cursor past
  // the slow writer's number, and its change would never be pulled. (PGlite has one backend whose
  // connections take turns at transactions, so the interleaving cannot happen there.)
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "makes a push wait for a slower writer of the same place, so no cursor passes it",
    async () => {
      const place = newPlace();
      const session = sessionOf(teammate);
      const { pool } = (await getDbState()).connection;
      const slow = await pool!.connect();
      const slowId = id();
      const fastId = id();
      try {
        await slow.query("BEGIN");
        await slow.query("SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))", [
          ACCOUNT_LOCK_SPACE,
          placeLockName(rep.organizationId, place),
        ]);
        await slow.query(
          `INSERT INTO "AccountItem" ("organizationId", "placeId", "kind", "itemId", "data",
             "createdById", "updatedById", "createdAt", "updatedAt")
           VALUES ($1, $2, 'contact', $3, $4, $5, $5, now(), now())`,
          [
            rep.organizationId,
            place,
            slowId,
            JSON.stringify({ id: slowId, name: "Slow", email: "", phone: "" }),
            rep.userId,
          ],
        );
        const fast = pushChanges(sessionOf(rep), place, [contact(fastId, "Fast")]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const during = await pullItems(session, place, undefined);
        expect(during.items).toEqual([]);
        await slow.query("COMMIT");
        await fast;
        const after = await pullItems(session, place, during.cursor);
        expect(after.items.map((i) => i.itemId)).toEqual([slowId, fastId]);
      } finally {
        await slow.query("ROLLBACK").catch(() => undefined);
        slow.release();
      }
    },
  );
});
