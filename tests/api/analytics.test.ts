// GET /api/analytics against hand-computed figures: a DST week in the rep's time
// zone (America/New_York springs forward on 2026-03-08), businesses in other UTC offsets for the
// heatmap (a half-hour one among them), the previous period, organization scoping and who may
// read one rep's detail.
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsResponseSchema, type AnalyticsResponse } from "@/modules/analytics/lib/schemas";
import type { Disposition } from "@/modules/calls/lib/dispositions";
import { getDb } from "@/lib/db/client";
import { newId, organization, repOf, type Rep } from "./calls-helpers";
import { request } from "./helpers";

const { GET } = await import("@/app/api/analytics/route");

type Seed = {
  rep: Rep;
  at: string;
  talk?: number | null;
  disposition?: Disposition | null;
  sale?: string;
  offset?: number;
  category?: string;
  inbound?: boolean;
};

/** Inserted directly: these start weeks ago, older than the recording route accepts. */
async function seed(calls: Seed[]) {
  const db = await getDb();
  await db.call.createMany({
    data: calls.map((c) => {
      const startedAt = new Date(c.at);
      const connected = c.talk != null;
      const connectedAt = connected ? new Date(startedAt.getTime() + 5000) : null;
      return {
        id: newId(),
        organizationId: c.rep.organizationId,
        userId: c.rep.userId,
        dialedDigits: "4155550132",
        dialedNumber: "+14155550132",
        startedAt,
        connectedAt,
        endedAt: new Date(startedAt.getTime() + 5000 + (c.talk ?? 0) * 1000),
        talkSeconds: c.talk ?? 0,
        endReason: "local" as const,
        direction: c.inbound ? ("inbound" as const) : ("outbound" as const),
        disposition: c.disposition ?? null,
        saleAmount: c.sale ?? null,
        businessUtcOffsetMinutes: c.offset ?? null,
        businessCategory: c.category ?? null,
      };
    }),
  });
}

async function get(rep: { token: string }, params: Record<string, string>) {
  const qs = new URLSearchParams(params).toString();
  return GET(request("GET", `/api/analytics?${qs}`, { token: rep.token }), {
    params: Promise.resolve({}),
  });
}
async function ok(rep: { token: string }, params: Record<string, string>) {
  const res = await get(rep, params);
  expect(res.status).toBe(200);
  return analyticsResponseSchema.parse(await res.json());
}

let owner: Rep;
let rep1: Rep;
let rep2: Rep;
let stranger: Rep;

// The DST week, local days Thu 5 .. Wed 11 March 2026 in New York (167 hours).
const week = { from: "2026-03-05T00:00:00-05:00", to: "2026-03-12T00:00:00-04:00" };
const ny = { ...week, tz: "America/New_York" };

beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([organization(), organization()]);
  // The owner is the team's manager.
  owner = await repOf(orgA.id, "manager");
  rep1 = await repOf(orgA.id);
  rep2 = await repOf(orgA.id);
  stranger = await repOf(orgB.id);
  await seed([
    // rep1: Sat 7 Mar 23:30 EST (04:30Z on the 8th: the 8th in UTC, the 7th in New York).
    { rep: rep1, at: "2026-03-08T04:30:00Z", talk: 120, disposition: "sale", sale: "500.00" },
    // rep1: Mon 9 Mar 00:30 and 00:45 EDT (04:30Z, 04:45Z): with the winter offset they would
    // fall on the 8th, which must stay empty.
    { rep: rep1, at: "2026-03-09T04:30:00Z", disposition: "no_answer" },
    { rep: rep1, at: "2026-03-09T04:45:00Z", talk: 60, disposition: "interested" },
    // rep2: Tue 10 Mar, 10:00 and 10:20 (one hour) and 11:05 EDT.
    { rep: rep2, at: "2026-03-10T14:00:00Z", talk: 300, disposition: "sale", sale: "250.50" },
    { rep: rep2, at: "2026-03-10T14:20:00Z" },
    { rep: rep2, at: "2026-03-10T15:05:00Z", talk: 30, disposition: "do_not_call" },
    // The previous period: the 167 hours before the week, [26 Feb 06:00Z, 5 Mar 05:00Z).
    { rep: rep1, at: "2026-03-01T15:00:00Z", talk: 90, disposition: "callback" },
    { rep: rep1, at: "2026-03-04T10:00:00Z", disposition: "voicemail" },
    { rep: rep1, at: "2026-02-26T05:59:00Z", talk: 10, disposition: "sale", sale: "9.00" },
    // Never counted: at `to` exactly, inbound, another organization's.
    { rep: rep2, at: "2026-03-12T04:00:00Z", talk: 10, disposition: "sale", sale: "1.00" },
    { rep: rep1, at: "2026-03-10T14:00:00Z", talk: 40, inbound: true },
    { rep: stranger, at: "2026-03-10T14:00:00Z", talk: 40, disposition: "sale", sale: "99.00" },
  ]);
});

describe("summary, previous period, activity, outcomes, leaderboard, funnel", () => {
  it("adds up the team's DST week in the rep's time zone", async () => {
    const a = await ok(rep1, ny);
    expect(a.summary).toEqual({
      dials: 6,
      connects: 4,
      conversations: 3, // two sales and interested; do not call is a contact, not a conversation
      sales: 2,
      talkSeconds: 510,
      revenue: 750.5,
      connectRate: 4 / 6,
      conversationRate: 3 / 6,
      averageTalkSeconds: 510 / 4,
      workingHours: 4, // rep1: Sat 23h, Mon 00h; rep2: Tue 10h, 11h
      dialsPerWorkingHour: 6 / 4,
    });
    expect(a.previous).toEqual({
      dials: 2,
      connects: 1,
      conversations: 1,
      sales: 0,
      talkSeconds: 90,
      revenue: 0,
      connectRate: 1 / 2,
      conversationRate: 1 / 2,
      averageTalkSeconds: 90,
      workingHours: 2,
      dialsPerWorkingHour: 1,
    });
    expect(a.range.previousFrom).toBe("2026-02-26T06:00:00.000Z");
    expect(a.activity.unit).toBe("day");
    expect(
      a.activity.buckets.map((b) => [b.start, b.dials, b.connects, b.conversations, b.sales]),
    ).toEqual([
      ["2026-03-05", 0, 0, 0, 0],
      ["2026-03-06", 0, 0, 0, 0],
      ["2026-03-07", 1, 1, 1, 1],
      ["2026-03-08", 0, 0, 0, 0],
      ["2026-03-09", 2, 1, 1, 0],
      ["2026-03-10", 3, 2, 1, 1],
      ["2026-03-11", 0, 0, 0, 0],
    ]);
    const outcomes = Object.fromEntries(a.outcomes.map((o) => [o.disposition ?? "none", o]));
    expect(Object.keys(outcomes).sort()).toEqual(
      ["do_not_call", "interested", "no_answer", "none", "sale"].sort(),
    );
    expect(outcomes.sale).toMatchObject({
      calls: 2,
      talkSeconds: 420,
      sale: true,
      conversation: true,
    });
    expect(outcomes.do_not_call).toMatchObject({ calls: 1, contact: true, conversation: false });
    expect(outcomes.none).toMatchObject({ calls: 1, contact: false, sale: false });
    expect(a.funnel).toEqual({ dials: 6, connects: 4, conversations: 3, sales: 2 });
    expect(
      a.leaderboard.map((l) => [
        l.username,
        l.dials,
        l.connects,
        l.conversations,
        l.sales,
        l.revenue,
        l.talkSeconds,
      ]),
    ).toEqual([
      [rep1.username, 3, 2, 2, 1, 500, 180],
      [rep2.username, 3, 2, 1, 1, 250.5, 330],
    ]);
    expect(a.viewer).toEqual({ userId: rep1.userId, manager: false });
    expect(a.reps.map((r) => r.id).sort()).toEqual([owner.userId, rep1.userId, rep2.userId].sort());
  });

  it("in UTC the same calls fall on other days", async () => {
    const a = await ok(rep1, { ...week, tz: "UTC" });
    const days = a.activity.buckets.filter((b) => b.dials > 0).map((b) => [b.start, b.dials]);
    expect(days).toEqual([
      ["2026-03-08", 1],
      ["2026-03-09", 2],
      ["2026-03-10", 3],
    ]);
  });

  it("draws a one-day range per hour: the spring-forward day has 23, without 02:00", async () => {
    const a = await ok(rep1, {
      from: "2026-03-10T00:00:00-04:00",
      to: "2026-03-11T00:00:00-04:00",
      tz: "America/New_York",
    });
    expect(a.activity.unit).toBe("hour");
    expect(a.activity.buckets).toHaveLength(24);
    expect(a.activity.buckets.filter((b) => b.dials).map((b) => [b.start, b.dials])).toEqual([
      ["2026-03-10T10:00", 2],
      ["2026-03-10T11:00", 1],
    ]);
    const dst = await ok(rep1, {
      from: "2026-03-08T00:00:00-05:00",
      to: "2026-03-09T00:00:00-04:00",
      tz: "America/New_York",
    });
    expect(dst.activity.buckets).toHaveLength(23);
    expect(dst.activity.buckets.map((b) => b.start)).not.toContain("2026-03-08T02:00");
  });
});

describe("who sees what", () => {
  it("a rep sees their own detail; another rep's is refused with 403", async () => {
    const mine = await ok(rep1, { ...ny, agent: rep1.userId });
    expect([mine.summary.dials, mine.summary.revenue, mine.summary.workingHours]).toEqual([
      3, 500, 2,
    ]);
    // The leaderboard stays the team's.
    expect(mine.leaderboard).toHaveLength(2);
    const res = await get(rep1, { ...ny, agent: rep2.userId });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe("forbidden");
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  it("the manager reads any rep's detail", async () => {
    const a = await ok(owner, { ...ny, agent: rep2.userId });
    expect(a.viewer.manager).toBe(true);
    expect([a.summary.dials, a.summary.connects, a.summary.revenue]).toEqual([3, 2, 250.5]);
  });

  it("another organization's calls never count, and its reps are not found", async () => {
    const theirs = await ok(stranger, ny);
    expect([theirs.summary.dials, theirs.summary.revenue]).toEqual([1, 99]);
    expect(theirs.leaderboard.map((l) => l.userId)).toEqual([stranger.userId]);
    expect((await get(owner, { ...ny, agent: stranger.userId })).status).toBe(404);
  });

  it("refuses bad input with a clear 400, and needs a session", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ to: week.to }, "from"],
      [{ from: week.to, to: week.from }, "to"],
      [{ from: "2025-01-01T00:00:00Z", to: "2026-03-01T00:00:00Z" }, "to"],
      [{ ...week, tz: "Mars/Olympus_Mons" }, "tz"],
      [{ ...week, tz: 'UTC\'; DROP TABLE "Call"; --' }, "tz"],
      [{ ...week, agent: "bob" }, "agent"],
      [{ from: "yesterday", to: week.to }, "from"],
    ];
    for (const [params, field] of cases) {
      const res = await get(rep1, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      const err = (await res.json()) as { code: string; fields: Record<string, string> };
      expect(err.code).toBe("validation");
      expect(Object.keys(err.fields)).toContain(field);
    }
    expect((await get({ token: "nope" }, ny)).status).toBe(401);
  });
});

describe("best time to call", () => {
  // Mon 1 .. Mon 8 June 2026, in UTC; each business's own hour comes from its stored offset.
  const june = { from: "2026-06-01T00:00:00Z", to: "2026-06-08T00:00:00Z" };
  let heat: AnalyticsResponse["heatmap"];
  let hours: { utc: number; kolkata: number };

  beforeAll(async () => {
    const [org] = await Promise.all([organization()]);
    const rep = await repOf(org.id);
    const tokyo = { offset: 540, category: "dentist" };
    const la = { offset: -420, category: "bakery" };
    const at = (iso: string, minutes: number) =>
      new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
    await seed([
      // Tokyo dentists, Tue 09:00-09:40 local (00:00Z..00:40Z): 3 connected, 2 conversations.
      { rep, ...tokyo, at: at("2026-06-02T00:00:00Z", 0), talk: 60, disposition: "interested" },
      { rep, ...tokyo, at: at("2026-06-02T00:00:00Z", 10), talk: 60, disposition: "callback" },
      { rep, ...tokyo, at: at("2026-06-02T00:00:00Z", 20), talk: 5, disposition: "wrong_number" },
      { rep, ...tokyo, at: at("2026-06-02T00:00:00Z", 30), disposition: "no_answer" },
      { rep, ...tokyo, at: at("2026-06-02T00:00:00Z", 40), disposition: "no_answer" },
      // Los Angeles bakeries, also Tue 09:00-09:40 local (16:00Z..16:40Z): 1 conversation.
      { rep, ...la, at: at("2026-06-02T16:00:00Z", 0), talk: 30, disposition: "not_interested" },
      { rep, ...la, at: at("2026-06-02T16:00:00Z", 10), disposition: "busy" },
      { rep, ...la, at: at("2026-06-02T16:00:00Z", 20), disposition: "busy" },
      { rep, ...la, at: at("2026-06-02T16:00:00Z", 30), disposition: "voicemail" },
      { rep, ...la, at: at("2026-06-02T16:00:00Z", 40) },
      // A Tokyo dentist on Mon 23:30Z: Tuesday 08:30 there.
      { rep, ...tokyo, at: "2026-06-01T23:30:00Z", disposition: "no_answer" },
      // Indian dentists (UTC+5:30): Fri 03:45Z is Friday 09:15 there.
      { rep, offset: 330, category: "dentist", at: "2026-06-05T03:45:00Z", talk: 20 },
      { rep, offset: 330, category: "dentist", at: "2026-06-05T03:50:00Z" },
      // Dialed by hand: no offset, not placed.
      { rep, at: "2026-06-03T12:00:00Z", talk: 20 },
    ]);
    heat = (await ok(rep, june)).heatmap;
    hours = {
      utc: (await ok(rep, june)).summary.workingHours,
      kolkata: (await ok(rep, { ...june, tz: "Asia/Kolkata" })).summary.workingHours,
    };
  });

  it("counts working hours as clock hours of the rep's zone, half-hour zones too", () => {
    // UTC: Mon 23h, Tue 00h and 16h, Wed 12h, Fri 03h. In India (UTC+5:30) 00:00-00:40Z spans
    // 05:30-06:10 and 16:00-16:40Z spans 21:30-22:10, two clock hours each, while Mon 23:30Z
    // is Tue 05:00 there, the same hour as the first calls: 2 + 2 + Wed 17h + Fri 09h.
    expect(hours).toEqual({ utc: 5, kolkata: 6 });
  });

  it("places calls by the business's local weekday and hour, with rates from 5 calls up", () => {
    expect(heat.minCalls).toBe(5);
    expect(heat.calls).toBe(13);
    const cell = (cells: typeof heat.overall, weekday: number, hour: number) =>
      cells.find((c) => c.weekday === weekday && c.hour === hour);
    expect(cell(heat.overall, 2, 9)).toEqual({
      weekday: 2,
      hour: 9,
      dials: 10,
      connectRate: 4 / 10,
      conversationRate: 3 / 10,
      tooFew: false,
    });
    expect(cell(heat.overall, 2, 8)).toMatchObject({ dials: 1, tooFew: true, connectRate: null });
    expect(cell(heat.overall, 5, 9)).toMatchObject({
      dials: 2,
      tooFew: true,
      conversationRate: null,
    });
    expect(heat.overall).toHaveLength(3);
  });

  it("and per category, busiest first", () => {
    expect(heat.categories.map((c) => [c.category, c.calls])).toEqual([
      ["dentist", 8],
      ["bakery", 5],
    ]);
    const [dentist, bakery] = heat.categories;
    expect(dentist!.cells.find((c) => c.weekday === 2 && c.hour === 9)).toMatchObject({
      dials: 5,
      connectRate: 3 / 5,
      conversationRate: 2 / 5,
      tooFew: false,
    });
    expect(bakery!.cells).toEqual([
      { weekday: 2, hour: 9, dials: 5, connectRate: 1 / 5, conversationRate: 1 / 5, tooFew: false },
    ]);
  });
});
