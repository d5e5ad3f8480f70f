// The hourly rollup behind Analytics' totals and activity: kept by triggers on Call,
// it must move with every write of a call (create, completion, outcome, a corrected outcome,
// deletion), stay within its organization, count as DISPOSITION_FLAGS says, and, read together
// with the calls of the partial hours at a range's ends, give the same figures as the calls.
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsResponseSchema } from "@/modules/analytics/lib/schemas";
import { offsetMinutesAt, subHourOffsetSeconds } from "@/modules/analytics/lib/zone";
import {
  DISPOSITIONS,
  DISPOSITION_FLAGS,
  type Disposition,
} from "@/modules/calls/lib/dispositions";
import { getDb } from "@/lib/db/client";
import {
  completedCall,
  newId,
  organization,
  putCall,
  putDisposition,
  repOf,
  type Rep,
} from "./calls-helpers";
import { request } from "./helpers";

const { GET } = await import("@/app/api/analytics/route");

type Row = {
  userId: string;
  hour: number;
  dials: number;
  connects: number;
  conversations: number;
  sales: number;
  talkSeconds: number;
  revenue: number;
};

/** The organization's rollup rows. */
async function rollupOf(organizationId: string): Promise<Row[]> {
  const db = await getDb();
  return db.$queryRaw<Row[]>`
    SELECT "userId"::text AS "userId", "hour", "dials", "connects", "conversations", "sales",
      "talkSeconds"::float8 AS "talkSeconds", "revenue"::float8 AS "revenue"
    FROM "CallHourRollup" WHERE "organizationId" = ${organizationId}::uuid
    ORDER BY "userId", "hour"`;
}

/** The same rows computed from the organization's calls: what the rollup must always equal. */
async function fromCalls(organizationId: string): Promise<Row[]> {
  const db = await getDb();
  return db.$queryRaw<Row[]>`
    SELECT "userId"::text AS "userId", floor(date_part('epoch', "startedAt") / 3600)::int AS "hour",
      COUNT(*)::int AS "dials", COUNT("connectedAt")::int AS "connects",
      (COUNT(*) FILTER (WHERE "disposition" IN ('interested', 'sale', 'callback', 'not_interested')))::int AS "conversations",
      (COUNT(*) FILTER (WHERE "disposition" = 'sale'))::int AS "sales",
      COALESCE(SUM("talkSeconds"), 0)::float8 AS "talkSeconds",
      COALESCE(SUM("saleAmount") FILTER (WHERE "disposition" = 'sale'), 0)::float8 AS "revenue"
    FROM "Call" WHERE "organizationId" = ${organizationId}::uuid AND "direction" = 'outbound'
    GROUP BY 1, 2 ORDER BY 1, 2`;
}

const hourOf = (at: Date) => Math.floor(at.getTime() / 3600_000);

let rep: Rep;
let mate: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [rep, mate, stranger] = await Promise.all([repOf(org.id), repOf(org.id), repOf(other.id)]);
});

describe("the rollup follows every write of a call", () => {
  it("create, completion, outcome and a corrected outcome move the call's hour", async () => {
    const at = new Date(Date.now() - 3 * 60_000);
    const id = newId();
    const row = async () =>
      (await rollupOf(rep.organizationId)).find((r) => r.userId === rep.userId);
    const expectRow = async (figures: Partial<Row>) => {
      expect(await row()).toEqual({
        userId: rep.userId,
        hour: hourOf(at),
        dials: 1,
        connects: 0,
        conversations: 0,
        sales: 0,
        talkSeconds: 0,
        revenue: 0,
        ...figures,
      });
      expect(await rollupOf(rep.organizationId)).toEqual(await fromCalls(rep.organizationId));
    };

    expect(
      (await putCall(rep, id, { dialedDigits: "4155550132", startedAt: at.toISOString() })).status,
    ).toBe(201);
    await expectRow({});
    expect((await putCall(rep, id, completedCall(at, 95))).status).toBe(200);
    await expectRow({ connects: 1, talkSeconds: 95 });
    expect((await putDisposition(rep, id, { disposition: "voicemail" })).status).toBe(200);
    await expectRow({ connects: 1, talkSeconds: 95 });
    const sale = await putDisposition(rep, id, { disposition: "sale", saleAmount: "1250.5" });
    expect(sale.status).toBe(200);
    await expectRow({ connects: 1, talkSeconds: 95, conversations: 1, sales: 1, revenue: 1250.5 });
    // Corrected: no longer a sale, so neither its count nor its amount stays.
    expect((await putDisposition(rep, id, { disposition: "interested" })).status).toBe(200);
    await expectRow({ connects: 1, talkSeconds: 95, conversations: 1 });

    // A second call of the same hour adds to the same row.
    const second = newId();
    expect((await putCall(rep, second, completedCall(at, 5))).status).toBe(201);
    await expectRow({ dials: 2, connects: 2, talkSeconds: 100, conversations: 1 });
  });

  it("keeps each organization's calls to its own rows", async () => {
    const at = new Date(Date.now() - 2 * 60_000);
    const before = await rollupOf(rep.organizationId);
    const id = newId();
    expect((await putCall(stranger, id, completedCall(at, 30))).status).toBe(201);
    expect(
      (await putDisposition(stranger, id, { disposition: "sale", saleAmount: "99" })).status,
    ).toBe(200);
    expect(await rollupOf(rep.organizationId)).toEqual(before);
    expect(await rollupOf(stranger.organizationId)).toEqual([
      {
        userId: stranger.userId,
        hour: hourOf(at),
        dials: 1,
        connects: 1,
        conversations: 1,
        sales: 1,
        talkSeconds: 30,
        revenue: 99,
      },
    ]);
  });

  it("moves a call whose time or rep changes, ignores inbound calls, and drops emptied hours", async () => {
    const db = await getDb();
    const at = new Date("2026-02-02T10:20:00Z");
    const ids = [newId(), newId()];
    await db.call.createMany({
      data: ids.map((id, i) => ({
        id,
        organizationId: mate.organizationId,
        userId: mate.userId,
        dialedDigits: "4155550132",
        startedAt: at,
        talkSeconds: 0,
        direction: i === 0 ? ("outbound" as const) : ("inbound" as const),
      })),
    });
    const mine = () =>
      rollupOf(mate.organizationId).then((rows) => rows.filter((r) => r.userId === mate.userId));
    expect(await mine()).toEqual([expect.objectContaining({ hour: hourOf(at), dials: 1 })]);
    const later = new Date("2026-02-02T13:05:00Z");
    await db.call.update({ where: { id: ids[0]! }, data: { startedAt: later } });
    expect(await mine()).toEqual([expect.objectContaining({ hour: hourOf(later), dials: 1 })]);
    await db.call.update({ where: { id: ids[1]! }, data: { direction: "outbound" } });
    expect((await mine()).map((r) => [r.hour, r.dials])).toEqual([
      [hourOf(at), 1],
      [hourOf(later), 1],
    ]);
    await db.call.deleteMany({ where: { id: { in: ids } } });
    expect(await mine()).toEqual([]);
    expect(await rollupOf(mate.organizationId)).toEqual(await fromCalls(mate.organizationId));
  });

  it("counts conversations and sales as DISPOSITION_FLAGS does", async () => {
    const org = await organization();
    const one = await repOf(org.id);
    const db = await getDb();
    const at = new Date("2026-02-03T09:00:00Z");
    await db.call.createMany({
      data: [...DISPOSITIONS, null].map((disposition: Disposition | null) => ({
        id: newId(),
        organizationId: org.id,
        userId: one.userId,
        dialedDigits: "4155550132",
        startedAt: at,
        talkSeconds: 10,
        disposition,
        saleAmount: disposition === "sale" || disposition === "interested" ? "10.00" : null,
      })),
    });
    const flags = Object.values(DISPOSITION_FLAGS);
    expect(await rollupOf(org.id)).toEqual([
      {
        userId: one.userId,
        hour: hourOf(at),
        dials: DISPOSITIONS.length + 1,
        connects: 0,
        conversations: flags.filter((f) => f.conversation).length,
        sales: flags.filter((f) => f.sale).length,
        talkSeconds: 10 * (DISPOSITIONS.length + 1),
        revenue: 10,
      },
    ]);
  });
});

describe("ragged ranges read the same figures as the calls", () => {
  // Two reps' calls every 7 to 47 minutes over three days, some connected, some sales.
  type Seed = { rep: Rep; at: Date; talk: number; disposition: Disposition | null; sale: number };
  const seeds: Seed[] = [];
  const dispositions: (Disposition | null)[] = [
    "sale",
    null,
    "interested",
    "no_answer",
    "do_not_call",
  ];
  const cases: [string, string, string][] = [
    ["2026-03-21T05:17:00Z", "2026-03-22T20:43:00Z", "America/New_York"],
    ["2026-03-21T05:17:00Z", "2026-03-22T20:43:00Z", "UTC"],
    ["2026-03-21T05:00:00Z", "2026-03-22T19:00:00Z", "Europe/Berlin"],
    ["2026-03-21T18:30:00Z", "2026-03-22T18:30:00Z", "Asia/Kolkata"],
    ["2026-03-21T10:10:00Z", "2026-03-21T10:50:00Z", "UTC"],
    ["2026-03-21T10:10:00.500Z", "2026-03-22T09:59:59.999Z", "America/St_Johns"],
  ];
  let org: string;
  let owner: Rep;
  let other: Rep;

  beforeAll(async () => {
    org = (await organization()).id;
    owner = await repOf(org);
    other = await repOf(org);
    let t = Date.parse("2026-03-20T00:03:00Z");
    for (let i = 0; t < Date.parse("2026-03-23T00:00:00Z"); i++) {
      const disposition = dispositions[i % dispositions.length]!;
      seeds.push({
        rep: i % 3 === 0 ? other : owner,
        at: new Date(t),
        talk: i % 2 === 0 ? 30 + i : 0,
        disposition,
        sale: disposition === "sale" ? 10.25 * (i % 4) : 0,
      });
      t += (7 + ((i * 13) % 41)) * 60_000;
    }
    // And calls exactly on, and 1 ms before, every instant where a case's answer splits between
    // the rollup and the calls (each end of both periods and the hours around them): a call read
    // by two pieces, or by none, changes the sums.
    const HOUR = 3600_000;
    const instants = new Set<number>();
    for (const [f, t] of cases) {
      const [from, to] = [Date.parse(f), Date.parse(t)];
      for (const x of [2 * from - to, from, to]) {
        const hour = Math.floor(x / HOUR) * HOUR;
        for (const at of [x, hour, hour + HOUR]) instants.add(at).add(at - 1);
      }
    }
    [...instants].forEach((ms, i) => {
      const disposition = dispositions[i % dispositions.length]!;
      seeds.push({
        rep: i % 2 === 0 ? other : owner,
        at: new Date(ms),
        talk: 11 + (i % 7),
        disposition,
        sale: disposition === "sale" ? 3.5 : 0,
      });
    });
    const db = await getDb();
    await db.call.createMany({
      data: seeds.map((s) => ({
        id: newId(),
        organizationId: org,
        userId: s.rep.userId,
        dialedDigits: "4155550132",
        startedAt: s.at,
        connectedAt: s.talk ? s.at : null,
        talkSeconds: s.talk,
        disposition: s.disposition,
        saleAmount: s.disposition === "sale" ? s.sale.toFixed(2) : null,
      })),
    });
  });

  /** The figures computed here from the seeded calls, by their definitions. */
  function expected(from: number, to: number, tz: string, rep?: Rep) {
    const shift = subHourOffsetSeconds(tz, new Date(from));
    const of = (a: number, b: number) => {
      const calls = seeds.filter(
        (s) => s.at.getTime() >= a && s.at.getTime() < b && (!rep || s.rep === rep),
      );
      const hours = new Set(
        calls.map((s) => `${s.rep.userId} ${Math.floor((s.at.getTime() / 1000 + shift) / 3600)}`),
      );
      const revenueCents = calls.reduce((sum, s) => sum + Math.round(s.sale * 100), 0);
      return {
        dials: calls.length,
        connects: calls.filter((s) => s.talk).length,
        conversations: calls.filter(
          (s) => s.disposition && DISPOSITION_FLAGS[s.disposition].conversation,
        ).length,
        sales: calls.filter((s) => s.disposition === "sale").length,
        talkSeconds: calls.reduce((sum, s) => sum + s.talk, 0),
        revenue: revenueCents / 100,
        workingHours: hours.size,
      };
    };
    const days = new Map<string, number>();
    for (const s of seeds) {
      const ms = s.at.getTime();
      if (ms < from || ms >= to) continue;
      const day = new Date(ms + offsetMinutesAt(tz, s.at) * 60_000).toISOString().slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    return { current: of(from, to), previous: of(2 * from - to, from), days };
  }

  it.each(cases)("from %s to %s in %s", async (from, to, tz) => {
    const qs = new URLSearchParams({ from, to, tz }).toString();
    const res = await GET(request("GET", `/api/analytics?${qs}`, { token: owner.token }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const body = analyticsResponseSchema.parse(await res.json());
    const want = expected(Date.parse(from), Date.parse(to), tz);
    const pick = (s: typeof body.summary) => ({
      dials: s.dials,
      connects: s.connects,
      conversations: s.conversations,
      sales: s.sales,
      talkSeconds: s.talkSeconds,
      revenue: s.revenue,
      workingHours: s.workingHours,
    });
    expect(want.current.dials).toBeGreaterThan(0);
    expect(pick(body.summary)).toEqual(want.current);
    expect(pick(body.previous)).toEqual(want.previous);
    expect(body.activity.buckets.reduce((sum, b) => sum + b.dials, 0)).toBe(want.current.dials);
    // The leaderboard (always the team's) per rep.
    for (const rep of [owner, other]) {
      const mine = expected(Date.parse(from), Date.parse(to), tz, rep).current;
      const row = body.leaderboard.find((l) => l.userId === rep.userId);
      expect(
        row && {
          dials: row.dials,
          connects: row.connects,
          conversations: row.conversations,
          sales: row.sales,
          talkSeconds: row.talkSeconds,
          revenue: row.revenue,
        },
      ).toEqual(
        mine.dials
          ? {
              dials: mine.dials,
              connects: mine.connects,
              conversations: mine.conversations,
              sales: mine.sales,
              talkSeconds: mine.talkSeconds,
              revenue: mine.revenue,
            }
          : undefined,
      );
    }
    // One rep's own detail: the same split, over that rep's calls only.
    const mine = await GET(
      request("GET", `/api/analytics?${qs}&agent=${owner.userId}`, { token: owner.token }),
      { params: Promise.resolve({}) },
    );
    expect(mine.status).toBe(200);
    const detail = analyticsResponseSchema.parse(await mine.json());
    const wantMine = expected(Date.parse(from), Date.parse(to), tz, owner);
    expect(pick(detail.summary)).toEqual(wantMine.current);
    expect(pick(detail.previous)).toEqual(wantMine.previous);
    if (body.activity.unit === "day") {
      const days = new Map(
        body.activity.buckets.filter((b) => b.dials).map((b) => [b.start, b.dials]),
      );
      expect(days).toEqual(want.days);
    }
  });
});
