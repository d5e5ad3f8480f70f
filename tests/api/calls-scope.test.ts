// Organization scoping: a rep sees their team's calls and never another organization's, in
// every calls route (list, search, stats, place, exports, recording, disposition).
import { beforeAll, describe, expect, it } from "vitest";
import {
  callListResponseSchema,
  callsResponseSchema,
  callStatsResponseSchema,
} from "@/modules/calls/lib/schemas";
import { getDb } from "@/lib/db/client";
import {
  callStats,
  completedCall,
  exportReport,
  listCalls,
  newId,
  organization,
  placeCalls,
  putCall,
  putDisposition,
  repOf,
  searchCalls,
  type Rep,
} from "./calls-helpers";

let alice: Rep; // organization A
let bob: Rep; // organization B
let aliceCall: string;
let bobCall: string;
const place = "shared-place-id";
const at = new Date(Date.now() - 10 * 60_000);

beforeAll(async () => {
  const [a, b] = await Promise.all([organization("+16285550100"), organization("+16285550199")]);
  [alice, bob] = await Promise.all([repOf(a.id), repOf(b.id)]);
  aliceCall = newId();
  bobCall = newId();
  // Both organizations call the same business from the same number.
  await putCall(
    alice,
    aliceCall,
    completedCall(at, 40, { placeId: place, dialedDigits: "3055550163" }),
  );
  await putCall(
    bob,
    bobCall,
    completedCall(at, 70, { placeId: place, dialedDigits: "3055550163" }),
  );
  await putDisposition(alice, aliceCall, { disposition: "sale", saleAmount: "100" });
  await putDisposition(bob, bobCall, { disposition: "sale", saleAmount: "999" });
});

describe("organization scoping", () => {
  it("lists only the team's calls, even with scope=team", async () => {
    for (const qs of ["", "scope=team"]) {
      const page = callListResponseSchema.parse(await (await listCalls(alice, qs)).json());
      expect(page.calls.map((c) => c.id)).toEqual([aliceCall]);
    }
  });

  it("searches only the team's calls: by id, number, originating number and agent", async () => {
    const ids = async (q: string) =>
      callsResponseSchema.parse(await (await searchCalls(alice, q)).json()).calls.map((c) => c.id);
    expect(await ids(bobCall)).toEqual([]);
    expect(await ids(bob.username)).toEqual([]);
    expect(await ids("(628) 555-0199")).toEqual([]);
    expect(await ids("305-555-0163")).toEqual([aliceCall]);
  });

  it("counts only the team's dials for a place and today", async () => {
    const stats = callStatsResponseSchema.parse(
      await (
        await callStats(alice, {
          placeIds: [place],
          dayStart: new Date(at.getTime() - 60_000).toISOString(),
        })
      ).json(),
    );
    expect(stats.places[place]).toEqual({ dialCount: 1, lastCalledAt: at.toISOString() });
    expect(stats.today).toEqual({ dials: 1, talkSeconds: 40, conversations: 1 });
  });

  it("lists only the team's calls to a place", async () => {
    const { calls } = callsResponseSchema.parse(await (await placeCalls(alice, place)).json());
    expect(calls.map((c) => c.id)).toEqual([aliceCall]);
  });

  it("exports only the team's calls and sales", async () => {
    const range = {
      from: new Date(at.getTime() - 60_000).toISOString(),
      to: new Date(at.getTime() + 60_000).toISOString(),
    };
    const calls = await (await exportReport(alice, "call-reports", range)).text();
    expect(calls).toContain(aliceCall);
    expect(calls).not.toContain(bobCall);
    const sales = await (await exportReport(alice, "sales-history", range)).text();
    expect(sales).toContain(`${aliceCall},${alice.username},100.00,`);
    expect(sales).not.toContain(bobCall);
    expect(sales).not.toContain("999.00");
  });

  it("answers 404 to another organization's call id, on recording and on disposition", async () => {
    expect((await putCall(alice, bobCall, completedCall(at, 1))).status).toBe(404);
    expect((await putDisposition(alice, bobCall, { disposition: "do_not_call" })).status).toBe(404);
    const row = await (await getDb()).call.findUniqueOrThrow({ where: { id: bobCall } });
    expect(row).toMatchObject({ disposition: "sale", talkSeconds: 70, userId: bob.userId });
  });
});
