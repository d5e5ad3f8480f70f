// Callbacks: the team's appointments (callbacks included) due in a window, the
// rep's own or the team's, soonest first, named from the team's account record of the business;
// deleted ones gone, moved ones moved, another team's never seen, bad queries refused.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callbacksResponseSchema, type Callback } from "@/modules/records/lib/schemas";
import { organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const { GET } = await import("@/app/api/callbacks/route");
const records = await import("@/app/api/records/[placeId]/items/route");

let rep: Rep;
let teammate: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [rep, teammate, stranger] = await Promise.all([repOf(org.id), repOf(org.id), repOf(other.id)]);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const newPlace = () => `ChIJcallbacks-${crypto.randomBytes(6).toString("hex")}`;

function appointment(ts: number, note?: string, kind?: "callback") {
  const itemId = crypto.randomUUID();
  return {
    kind: "appointment",
    itemId,
    op: "put",
    data: { id: itemId, ts, durationMin: 30, ...(note ? { note } : {}), ...(kind ? { kind } : {}) },
  };
}

async function push(who: Rep, placeId: string, changes: unknown[], account?: unknown) {
  const res = await records.PUT(
    request("PUT", `/api/records/${encodeURIComponent(placeId)}/items`, {
      token: who.token,
      body: { changes, ...(account ? { account } : {}) },
    }),
    { params: Promise.resolve({ placeId }) },
  );
  return res;
}

async function callbacks(who: Rep, qs = "") {
  const res = await GET(request("GET", `/api/callbacks${qs}`, { token: who.token }), {
    params: Promise.resolve({}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return callbacksResponseSchema.parse(await res.json());
}
const forPlace = (list: Callback[], placeId: string) => list.filter((c) => c.placeId === placeId);

describe("GET /api/callbacks", () => {
  it("lists overdue and coming appointments soonest first, named by the team's account record", async () => {
    const place = newPlace();
    const now = Date.now();
    const later = appointment(now + 2 * HOUR, "Call back: asks for pricing");
    const overdue = appointment(now - 3 * HOUR);
    const tooFar = appointment(now + 10 * DAY);
    const tooOld = appointment(now - 40 * DAY);
    const account = {
      name: "Bright Smile Dental",
      phone: "+1 512-555-0100",
      utcOffsetMinutes: -360,
    };
    const res = await push(rep, place, [later, overdue, tooFar, tooOld], account);
    expect(res.status).toBe(200);

    const mine = forPlace((await callbacks(rep)).callbacks, place);
    expect(mine.map((c) => c.itemId)).toEqual([overdue.itemId, later.itemId]);
    expect(mine[1]).toEqual({
      placeId: place,
      itemId: later.itemId,
      dueAt: new Date(later.data.ts).toISOString(),
      durationMin: 30,
      note: "Call back: asks for pricing",
      callback: false,
      bookedBy: rep.username,
      mine: true,
      business: { name: "Bright Smile Dental", phone: "+1 512-555-0100", utcOffsetMinutes: -360 },
    });
    // A Callback outcome's appointment is marked as one; its note stays as the rep wrote it.
    const callback = appointment(now + 3 * HOUR, "asks for pricing", "callback");
    expect((await push(rep, place, [callback], account)).status).toBe(200);
    const marked = forPlace((await callbacks(rep)).callbacks, place).find(
      (c) => c.itemId === callback.itemId,
    );
    expect(marked).toMatchObject({ note: "asks for pricing", callback: true });
    // Further ahead when asked.
    const fortnight = forPlace((await callbacks(rep, "?days=14")).callbacks, place);
    expect(fortnight.map((c) => c.itemId)).toContain(tooFar.itemId);
  });

  it("shows a teammate's bookings in the team's list only, and never another team's", async () => {
    const place = newPlace();
    const booked = appointment(Date.now() + HOUR);
    expect((await push(teammate, place, [booked], { name: "Acme Plumbing" })).status).toBe(200);

    expect(forPlace((await callbacks(rep)).callbacks, place)).toEqual([]);
    const team = forPlace((await callbacks(rep, "?scope=team")).callbacks, place);
    expect(team).toMatchObject([
      { itemId: booked.itemId, bookedBy: teammate.username, mine: false },
    ]);
    expect(team[0]!.business).toEqual({
      name: "Acme Plumbing",
      phone: null,
      utcOffsetMinutes: null,
    });
    expect(forPlace((await callbacks(stranger, "?scope=team")).callbacks, place)).toEqual([]);
  });

  it("follows a moved appointment and forgets a deleted one", async () => {
    const place = newPlace();
    const first = appointment(Date.now() + HOUR);
    expect((await push(rep, place, [first])).status).toBe(200);
    const moved = { ...first, data: { ...first.data, ts: Date.now() + 5 * HOUR } };
    expect((await push(rep, place, [moved])).status).toBe(200);
    let listed = forPlace((await callbacks(rep)).callbacks, place);
    expect(listed.map((c) => c.dueAt)).toEqual([new Date(moved.data.ts).toISOString()]);
    // No account record was kept for this place: the list still shows it, unnamed.
    expect(listed[0]!.business).toBeNull();

    const gone = { kind: "appointment", itemId: first.itemId, op: "delete" };
    expect((await push(rep, place, [gone])).status).toBe(200);
    listed = forPlace((await callbacks(rep)).callbacks, place);
    expect(listed).toEqual([]);
  });

  it("refuses a bad query, a bad account record and a missing session, changing nothing", async () => {
    for (const qs of ["?scope=everyone", "?days=0", "?days=32", "?days=abc"]) {
      const res = await GET(request("GET", `/api/callbacks${qs}`, { token: rep.token }), {
        params: Promise.resolve({}),
      });
      expect(res.status, qs).toBe(400);
    }
    const place = newPlace();
    const booked = appointment(Date.now() + HOUR);
    for (const account of [
      { name: "" },
      { name: "x".repeat(201) },
      { name: "A", utcOffsetMinutes: 900 },
    ]) {
      expect((await push(rep, place, [booked], account)).status).toBe(400);
    }
    expect(forPlace((await callbacks(rep)).callbacks, place)).toEqual([]);
    const anonymous = await GET(request("GET", "/api/callbacks"), { params: Promise.resolve({}) });
    expect(anonymous.status).toBe(401);
  });
});
