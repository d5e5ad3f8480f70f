// The best-time heatmap's rollup: CallBusinessHourRollup, one row per (organization,
// UTC day, hour of the week in the business's local time, category), kept by triggers on Call.
// It must move with every write of a call (create with a business, outcome, a changed time,
// offset or category, deletion), stay within its organization, and, read with the calls of the
// partial days at a range's ends, give the heatmap the calls give. The expected figures are
// computed here in JS from the calls, with Date arithmetic rather than the SQL's expression.
// One rep's heatmap has its own rollup, CallRepBusinessHourRollup (the same cells per rep and
// period of 91 UTC days): it must follow the same writes and a move to another rep, and one
// rep's ranges read its whole periods and the calls of the partial ones.
import { beforeAll, describe, expect, it } from "vitest";
import { REP_PERIOD_MS } from "@/modules/analytics/lib/hour-cover";
import { analyticsResponseSchema, HEATMAP_MIN_CALLS } from "@/modules/analytics/lib/schemas";
import { DISPOSITION_FLAGS, type Disposition } from "@/modules/calls/lib/dispositions";
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
  day: number;
  weekHour: number;
  category: string;
  dials: number;
  connects: number;
  conversations: number;
};

const key = (r: Pick<Row, "day" | "weekHour" | "category">) =>
  `${r.day} ${r.weekHour} ${r.category}`;
const sorted = (rows: Row[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

/** The organization's rollup rows. */
async function rollupOf(organizationId: string): Promise<Row[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<Row[]>`
    SELECT "day", "weekHour"::int AS "weekHour", "category", "dials", "connects", "conversations"
    FROM "CallBusinessHourRollup" WHERE "organizationId" = ${organizationId}::uuid`;
  return sorted(rows);
}

/** The business's local hour of the week of an instant: 0 is Monday 00:00. */
function weekHourOf(ms: number, offsetMinutes: number) {
  const local = new Date(ms + offsetMinutes * 60_000);
  return ((local.getUTCDay() + 6) % 7) * 24 + local.getUTCHours();
}

/** The same rows computed in JS from the organization's calls: what the rollup must equal. */
async function fromCalls(organizationId: string): Promise<Row[]> {
  const db = await getDb();
  const calls = await db.call.findMany({ where: { organizationId } });
  const rows = new Map<string, Row>();
  for (const c of calls) {
    if (c.direction !== "outbound" || c.businessUtcOffsetMinutes === null) continue;
    const ms = c.startedAt.getTime();
    const k = {
      day: Math.floor(ms / 86_400_000),
      weekHour: weekHourOf(ms, c.businessUtcOffsetMinutes),
      category: c.businessCategory ?? "",
    };
    const row = rows.get(key(k)) ?? { ...k, dials: 0, connects: 0, conversations: 0 };
    row.dials += 1;
    if (c.connectedAt) row.connects += 1;
    if (c.disposition && DISPOSITION_FLAGS[c.disposition].conversation) row.conversations += 1;
    rows.set(key(k), row);
  }
  return sorted([...rows.values()]);
}

type RepRow = Omit<Row, "day"> & { userId: string; period: number };
const repKey = (r: RepRow) => `${r.userId} ${r.period} ${r.weekHour} ${r.category}`;
const repSorted = (rows: RepRow[]) => [...rows].sort((a, b) => repKey(a).localeCompare(repKey(b)));

/** The organization's rows of one rep's rollup. */
async function repRollupOf(organizationId: string): Promise<RepRow[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<RepRow[]>`
    SELECT "userId"::text AS "userId", "period", "weekHour"::int AS "weekHour", "category",
      "dials", "connects", "conversations"
    FROM "CallRepBusinessHourRollup" WHERE "organizationId" = ${organizationId}::uuid`;
  return repSorted(rows);
}

/** The same rows computed in JS from the organization's calls. */
async function repFromCalls(organizationId: string): Promise<RepRow[]> {
  const db = await getDb();
  const calls = await db.call.findMany({ where: { organizationId } });
  const rows = new Map<string, RepRow>();
  for (const c of calls) {
    if (c.direction !== "outbound" || c.businessUtcOffsetMinutes === null) continue;
    const ms = c.startedAt.getTime();
    const k = {
      userId: c.userId,
      period: Math.floor(ms / (91 * 86_400_000)),
      weekHour: weekHourOf(ms, c.businessUtcOffsetMinutes),
      category: c.businessCategory ?? "",
    };
    const row = rows.get(repKey({ ...k, dials: 0, connects: 0, conversations: 0 })) ?? {
      ...k,
      dials: 0,
      connects: 0,
      conversations: 0,
    };
    row.dials += 1;
    if (c.connectedAt) row.connects += 1;
    if (c.disposition && DISPOSITION_FLAGS[c.disposition].conversation) row.conversations += 1;
    rows.set(repKey(row), row);
  }
  return repSorted([...rows.values()]);
}

let rep: Rep;
let stranger: Rep;
beforeAll(async () => {
  const [org, other] = await Promise.all([organization(), organization()]);
  [rep, stranger] = await Promise.all([repOf(org.id), repOf(other.id)]);
});

describe("the heatmap's rollup follows every write of a call", () => {
  it("create, outcome, a changed time, offset or category, and deletion", async () => {
    const db = await getDb();
    const org = rep.organizationId;
    const check = async () => {
      expect(await rollupOf(org)).toEqual(await fromCalls(org));
      expect(await repRollupOf(org)).toEqual(await repFromCalls(org));
    };
    const at = new Date(Date.now() - 5 * 60_000);
    const id = newId();
    const body = { businessUtcOffsetMinutes: -300, businessCategory: "dentist" };
    expect((await putCall(rep, id, completedCall(at, 40, body))).status).toBe(201);
    expect(await rollupOf(org)).toEqual([
      {
        day: Math.floor(at.getTime() / 86_400_000),
        weekHour: weekHourOf(at.getTime(), -300),
        category: "dentist",
        dials: 1,
        connects: 1,
        conversations: 0,
      },
    ]);
    expect((await putDisposition(rep, id, { disposition: "interested" })).status).toBe(200);
    expect((await rollupOf(org))[0]).toMatchObject({ dials: 1, connects: 1, conversations: 1 });
    await check();

    // A call without a business is not placed; one without a category is placed under "".
    const bare = newId();
    expect((await putCall(rep, bare, completedCall(at, 5))).status).toBe(201);
    await check();
    const uncategorized = newId();
    expect(
      (await putCall(rep, uncategorized, completedCall(at, 5, { businessUtcOffsetMinutes: 330 })))
        .status,
    ).toBe(201);
    expect((await rollupOf(org)).map((r) => r.category).sort()).toEqual(["", "dentist"]);
    await check();

    // Moved across a UTC day, to another offset (half an hour), another category; an
    // outbound call turned inbound leaves; deletion empties the rows.
    await db.call.update({
      where: { id },
      data: { startedAt: new Date("2026-03-08T23:40:00Z") },
    });
    await check();
    await db.call.update({ where: { id }, data: { businessUtcOffsetMinutes: 345 } });
    await check();
    await db.call.update({ where: { id }, data: { businessCategory: "bakery" } });
    await check();
    await db.call.update({ where: { id: bare }, data: { businessUtcOffsetMinutes: -600 } });
    await check();
    await db.call.update({ where: { id: uncategorized }, data: { direction: "inbound" } });
    await check();
    // A note changes nothing counted.
    const before = await rollupOf(org);
    await db.call.update({ where: { id }, data: { note: "call back after lunch" } });
    expect(await rollupOf(org)).toEqual(before);
    await db.call.deleteMany({ where: { id: { in: [id, bare, uncategorized] } } });
    expect(await rollupOf(org)).toEqual([]);
    expect(await repRollupOf(org)).toEqual([]);
  });

  it("keeps each organization's calls to its own rows", async () => {
    const at = new Date(Date.now() - 4 * 60_000);
    const id = newId();
    const body = { businessUtcOffsetMinutes: 60, businessCategory: "plumber" };
    expect((await putCall(rep, id, completedCall(at, 20, body))).status).toBe(201);
    const mine = await rollupOf(rep.organizationId);
    const other = newId();
    expect((await putCall(stranger, other, completedCall(at, 30, body))).status).toBe(201);
    expect((await putDisposition(stranger, other, { disposition: "interested" })).status).toBe(200);
    expect(await rollupOf(rep.organizationId)).toEqual(mine);
    expect(await rollupOf(stranger.organizationId)).toEqual([
      expect.objectContaining({ category: "plumber", dials: 1, connects: 1, conversations: 1 }),
    ]);
    const db = await getDb();
    await db.call.deleteMany({ where: { id: other } });
    expect(await rollupOf(rep.organizationId)).toEqual(mine);
    expect(await rollupOf(stranger.organizationId)).toEqual([]);
  });
});

describe("ragged ranges give the heatmap of the calls", () => {
  // Calls every 3 to 19 minutes over four days (a Sunday to a Wednesday, the US spring-forward
  // weekend first) to businesses in whole-, half- and quarter-hour offsets, some uncategorized,
  // some without a business; a second organization's calls at the same times.
  type Seed = {
    at: Date;
    offset: number | null;
    category: string | null;
    connected: boolean;
    disposition: Disposition | null;
  };
  const seeds: Seed[] = [];
  const offsets = [-300, -240, 0, 60, 330, 345, -210, null];
  const categories = ["dentist", "bakery", null];
  const dispositions: (Disposition | null)[] = ["interested", null, "voicemail", "sale"];
  let owner: Rep;
  let outsider: Rep;

  beforeAll(async () => {
    const [org, other] = await Promise.all([organization(), organization()]);
    [owner, outsider] = await Promise.all([repOf(org.id), repOf(other.id)]);
    let t = Date.parse("2026-03-08T00:02:00Z");
    for (let i = 0; t < Date.parse("2026-03-12T00:00:00Z"); i++) {
      seeds.push({
        at: new Date(t),
        offset: offsets[i % offsets.length]!,
        category: categories[i % categories.length]!,
        connected: i % 3 !== 1,
        disposition: dispositions[i % dispositions.length]!,
      });
      t += (3 + ((i * 7) % 17)) * 60_000;
    }
    const db = await getDb();
    for (const who of [owner, outsider]) {
      await db.call.createMany({
        data: seeds.map((s) => ({
          id: newId(),
          organizationId: who.organizationId,
          userId: who.userId,
          dialedDigits: "4155550132",
          startedAt: s.at,
          connectedAt: s.connected ? s.at : null,
          talkSeconds: s.connected ? 30 : 0,
          disposition: s.disposition,
          businessUtcOffsetMinutes: s.offset,
          businessCategory: s.category,
        })),
      });
    }
    expect(await rollupOf(owner.organizationId)).toEqual(await fromCalls(owner.organizationId));
  });

  type Cell = {
    weekday: number;
    hour: number;
    dials: number;
    connectRate: number | null;
    conversationRate: number | null;
    tooFew: boolean;
  };
  const order = (cells: Cell[]) =>
    [...cells].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

  /** The heatmap computed here from the seeded calls. */
  function expected(from: number, to: number) {
    const cellsOf = (calls: Seed[]): Cell[] => {
      const byCell = new Map<number, Seed[]>();
      for (const s of calls) {
        const wh = weekHourOf(s.at.getTime(), s.offset!);
        byCell.set(wh, [...(byCell.get(wh) ?? []), s]);
      }
      return order(
        [...byCell].map(([wh, list]) => {
          const tooFew = list.length < HEATMAP_MIN_CALLS;
          const conversations = list.filter(
            (s) => s.disposition && DISPOSITION_FLAGS[s.disposition].conversation,
          ).length;
          return {
            weekday: Math.floor(wh / 24) + 1,
            hour: wh % 24,
            dials: list.length,
            connectRate: tooFew ? null : list.filter((s) => s.connected).length / list.length,
            conversationRate: tooFew ? null : conversations / list.length,
            tooFew,
          };
        }),
      );
    };
    const placed = seeds.filter(
      (s) => s.at.getTime() >= from && s.at.getTime() < to && s.offset !== null,
    );
    const categories = ["bakery", "dentist"]
      .map((category) => {
        const calls = placed.filter((s) => s.category === category);
        return { category, calls: calls.length, cells: cellsOf(calls) };
      })
      .filter((c) => c.calls > 0);
    return { calls: placed.length, overall: cellsOf(placed), categories };
  }

  const cases: [string, string][] = [
    // Whole days inside, ragged ends.
    ["2026-03-08T05:17:00Z", "2026-03-11T20:43:00Z"],
    // On the day: everything from the rollup.
    ["2026-03-08T00:00:00Z", "2026-03-12T00:00:00Z"],
    // One whole day, ends a millisecond off it.
    ["2026-03-08T23:59:59.999Z", "2026-03-10T00:00:00.001Z"],
    // No whole day: everything from the calls.
    ["2026-03-09T10:10:00Z", "2026-03-10T09:50:00Z"],
    ["2026-03-09T10:10:00Z", "2026-03-09T10:50:00Z"],
  ];
  it.each(cases)("from %s to %s", async (from, to) => {
    const qs = new URLSearchParams({ from, to, tz: "America/New_York" }).toString();
    const res = await GET(request("GET", `/api/analytics?${qs}`, { token: owner.token }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const { heatmap } = analyticsResponseSchema.parse(await res.json());
    const want = expected(Date.parse(from), Date.parse(to));
    expect(want.calls).toBeGreaterThan(0);
    expect(heatmap.calls).toBe(want.calls);
    expect(order(heatmap.overall)).toEqual(want.overall);
    expect(
      heatmap.categories
        .map((c) => ({ ...c, cells: order(c.cells) }))
        .sort((a, b) => a.category.localeCompare(b.category)),
    ).toEqual(want.categories);
  });

  it("one rep's heatmap is that rep's calls", async () => {
    const from = "2026-03-08T05:17:00Z";
    const to = "2026-03-11T20:43:00Z";
    const qs = new URLSearchParams({ from, to, agent: owner.userId }).toString();
    const res = await GET(request("GET", `/api/analytics?${qs}`, { token: owner.token }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const { heatmap } = analyticsResponseSchema.parse(await res.json());
    expect(order(heatmap.overall)).toEqual(expected(Date.parse(from), Date.parse(to)).overall);
  });
});

// Period 226 of 91 days starts on Thursday 2026-04-23 00:00Z (day 20,566 = 226 x 91), 225 on
// 2026-01-22 and 227 on 2026-07-23.
const P225 = Date.parse("2026-01-22T00:00:00Z");
const P226 = Date.parse("2026-04-23T00:00:00Z");
const P227 = Date.parse("2026-07-23T00:00:00Z");

describe("one rep's heatmap rollup follows every write of a call", () => {
  it("has the periods the migration computes", () => {
    expect(REP_PERIOD_MS).toBe(91 * 86_400_000);
    expect([P225, P226, P227].map((t) => t / REP_PERIOD_MS)).toEqual([225, 226, 227]);
  });

  it("create, outcome, a move to another rep and across a period, deletion", async () => {
    const db = await getDb();
    const [team, elsewhere] = await Promise.all([organization(), organization()]);
    const org = team.id;
    const [rep, mate, stranger] = await Promise.all([repOf(org), repOf(org), repOf(elsewhere.id)]);
    const at = (iso: string, userId: string, offset: number, category: string | null) => ({
      id: newId(),
      organizationId: org,
      userId,
      dialedDigits: "4155550132",
      startedAt: new Date(iso),
      businessUtcOffsetMinutes: offset,
      businessCategory: category,
    });
    // 1 ms before period 226 at +05:30: Thursday 05:29 local, hour of the week 3 x 24 + 5 = 77.
    // On the split at -05:00: Wednesday 19:00 local, 2 x 24 + 19 = 67, period 226.
    // The US spring-forward, New York's offset as stored at each call: 01:59:59.999 EST
    // (Sunday, 6 x 24 + 1 = 145) and 03:00 EDT a millisecond later (147), both period 225.
    const before = at("2026-04-22T23:59:59.999Z", rep.userId, 330, "dentist");
    const on = at("2026-04-23T00:00:00.000Z", rep.userId, -300, "dentist");
    const est = at("2026-03-08T06:59:59.999Z", rep.userId, -300, null);
    const edt = at("2026-03-08T07:00:00.000Z", rep.userId, -240, null);
    await db.call.createMany({ data: [before, on, est, edt] });
    const cell = (userId: string, period: number, weekHour: number, category: string) => ({
      userId,
      period,
      weekHour,
      category,
      dials: 1,
      connects: 0,
      conversations: 0,
    });
    const mine = (rows: RepRow[]) => rows.filter((r) => r.userId !== mate.userId);
    expect(await repRollupOf(org)).toEqual(
      repSorted([
        cell(rep.userId, 225, 77, "dentist"),
        cell(rep.userId, 226, 67, "dentist"),
        cell(rep.userId, 225, 145, ""),
        cell(rep.userId, 225, 147, ""),
      ]),
    );
    // Connected and a conversation, then corrected to a voicemail.
    await db.call.update({
      where: { id: on.id },
      data: { connectedAt: new Date(on.startedAt), disposition: "interested", talkSeconds: 9 },
    });
    expect(mine(await repRollupOf(org))).toContainEqual({
      ...cell(rep.userId, 226, 67, "dentist"),
      connects: 1,
      conversations: 1,
    });
    await db.call.update({ where: { id: on.id }, data: { disposition: "voicemail" } });
    expect(mine(await repRollupOf(org))).toContainEqual({
      ...cell(rep.userId, 226, 67, "dentist"),
      connects: 1,
    });
    // Moved to the other rep of the team: out of one rep's rows, into the other's.
    await db.call.update({ where: { id: on.id }, data: { userId: mate.userId } });
    expect(await repRollupOf(org)).toEqual(
      repSorted([
        cell(rep.userId, 225, 77, "dentist"),
        { ...cell(mate.userId, 226, 67, "dentist"), connects: 1 },
        cell(rep.userId, 225, 145, ""),
        cell(rep.userId, 225, 147, ""),
      ]),
    );
    // A millisecond later: into period 226, same local hour.
    await db.call.update({
      where: { id: before.id },
      data: { startedAt: new Date("2026-04-23T00:00:00.000Z") },
    });
    expect(mine(await repRollupOf(org))).toContainEqual(cell(rep.userId, 226, 77, "dentist"));
    expect(await repRollupOf(org)).toEqual(await repFromCalls(org));
    // Both calls of a bulk update move to the same rep.
    await db.call.updateMany({
      where: { id: { in: [est.id, edt.id] } },
      data: { userId: mate.userId },
    });
    expect(await repRollupOf(org)).toEqual(await repFromCalls(org));
    expect((await repRollupOf(org)).filter((r) => r.category === "")).toEqual(
      repSorted([cell(mate.userId, 225, 145, ""), cell(mate.userId, 225, 147, "")]),
    );
    // The other organization's rows are its own.
    const theirs = at("2026-04-22T23:59:59.999Z", stranger.userId, 330, "dentist");
    await db.call.create({ data: { ...theirs, organizationId: stranger.organizationId } });
    expect(await repRollupOf(stranger.organizationId)).toEqual([
      cell(stranger.userId, 225, 77, "dentist"),
    ]);
    expect(await repRollupOf(org)).toEqual(await repFromCalls(org));
    await db.call.deleteMany({ where: { id: { in: [before.id, on.id, est.id, edt.id] } } });
    expect(await repRollupOf(org)).toEqual([]);
    expect(await repRollupOf(stranger.organizationId)).toHaveLength(1);
    await db.call.deleteMany({ where: { id: theirs.id } });
    expect(await repRollupOf(stranger.organizationId)).toEqual([]);
  });
});

describe("one rep's ranges give the heatmap of that rep's calls", () => {
  // Half a year of one rep's calls across periods 225 to 227: every 5 hours, every 7 to 23
  // minutes in the US spring-forward week, and a call on and 1 ms before each split. The
  // businesses are in zones with whole-, half- and quarter-hour offsets, with and without DST
  // (each call stores the offset in force then). Every fourth call is a teammate's; another
  // organization has the same calls.
  const zones = [
    "America/New_York",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "America/St_Johns",
    "Australia/Sydney",
  ];
  const offsetIn = (zone: string, ms: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    }).formatToParts(new Date(ms));
    const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    const local = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"));
    return Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
  };
  type Seed = {
    at: number;
    offset: number;
    category: string | null;
    connected: boolean;
    disposition: Disposition | null;
    teammate: boolean;
  };
  const seeds: Seed[] = [];
  let owner: Rep;

  beforeAll(async () => {
    const [org, other] = await Promise.all([organization(), organization()]);
    const [mate, outsider] = await Promise.all([repOf(org.id), repOf(other.id)]);
    owner = await repOf(org.id);
    const times: number[] = [];
    for (let t = Date.parse("2026-01-15T01:00:00Z"); t < Date.parse("2026-07-30T00:00:00Z");)
      times.push((t += 5 * 3600_000));
    for (
      let t = Date.parse("2026-03-07T00:00:00Z"), i = 0;
      t < Date.parse("2026-03-10T00:00:00Z");
      i++
    )
      times.push((t += (7 + ((i * 5) % 17)) * 60_000));
    for (const split of [P225, P226, P227]) times.push(split - 1, split, split - 1, split);
    const categories = ["dentist", "bakery", null];
    const dispositions: (Disposition | null)[] = [
      "interested",
      null,
      "voicemail",
      "sale",
      "callback",
    ];
    times.forEach((at, i) =>
      seeds.push({
        at,
        offset: offsetIn(zones[i % zones.length]!, at),
        category: categories[i % categories.length]!,
        connected: i % 3 !== 1,
        disposition: dispositions[i % dispositions.length]!,
        teammate: i % 4 === 3,
      }),
    );
    // The zones' offsets really change within the seeded half-year.
    expect(new Set(seeds.map((s) => s.offset)).size).toBeGreaterThan(zones.length);
    const db = await getDb();
    for (const [who, teammate] of [
      [owner, mate],
      [outsider, outsider],
    ] as const) {
      await db.call.createMany({
        data: seeds.map((s) => ({
          id: newId(),
          organizationId: who.organizationId,
          userId: s.teammate ? teammate.userId : who.userId,
          dialedDigits: "4155550132",
          startedAt: new Date(s.at),
          connectedAt: s.connected ? new Date(s.at) : null,
          talkSeconds: s.connected ? 30 : 0,
          disposition: s.disposition,
          businessUtcOffsetMinutes: s.offset,
          businessCategory: s.category,
        })),
      });
    }
    expect(await repRollupOf(org.id)).toEqual(await repFromCalls(org.id));
    expect(await repRollupOf(other.id)).toEqual(await repFromCalls(other.id));
    // The team's rollup still holds the team's cells, both reps in one.
    expect(await rollupOf(org.id)).toEqual(await fromCalls(org.id));
  });

  type Cell = { weekday: number; hour: number; dials: number; tooFew: boolean };
  const cellsOf = (calls: Seed[]) => {
    const byCell = new Map<number, number>();
    for (const s of calls) {
      const wh = weekHourOf(s.at, s.offset);
      byCell.set(wh, (byCell.get(wh) ?? 0) + 1);
    }
    return [...byCell]
      .map(([wh, dials]) => ({
        weekday: Math.floor(wh / 24) + 1,
        hour: wh % 24,
        dials,
        tooFew: dials < HEATMAP_MIN_CALLS,
      }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  };
  const cellsOfResponse = (cells: (Cell & object)[]) =>
    cells
      .map(({ weekday, hour, dials, tooFew }) => ({ weekday, hour, dials, tooFew }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

  const cases: [string, number, number][] = [
    [
      "ragged ends around two whole periods",
      Date.parse("2026-01-20T05:17:00Z"),
      Date.parse("2026-07-25T20:43:00Z"),
    ],
    ["on the splits: two periods from the rollup alone", P225, P227],
    ["1 ms before each split", P225 - 1, P227 - 1],
    ["1 ms after each split: one whole period", P225 + 1, P227 + 1],
    [
      "no whole period (the DST month): the calls alone",
      Date.parse("2026-02-20T00:00:00Z"),
      Date.parse("2026-03-22T00:00:00Z"),
    ],
  ];
  /** Dials per cell (hour of the week) of one rep's heatmap over [from, to). */
  async function dialsOf(from: number, to: number) {
    const qs = new URLSearchParams({
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      agent: owner.userId,
    }).toString();
    const res = await GET(request("GET", `/api/analytics?${qs}`, { token: owner.token }), {
      params: Promise.resolve({}),
    });
    const { heatmap } = analyticsResponseSchema.parse(await res.json());
    return new Map(heatmap.overall.map((c) => [(c.weekday - 1) * 24 + c.hour, c.dials]));
  }

  it("reads the whole periods from the rollup, and only those", async () => {
    // A mark of 1,000 dials on one of the rep's cells in period 225 shows on a range that holds
    // the whole period, and not on one that starts a millisecond into it.
    const db = await getDb();
    const mark = (n: number) => db.$executeRaw`
      UPDATE "CallRepBusinessHourRollup" SET "dials" = "dials" + ${n}::int
      WHERE "organizationId" = ${owner.organizationId}::uuid AND "userId" = ${owner.userId}::uuid
        AND "period" = 225 AND "weekHour" = (
          SELECT MIN("weekHour") FROM "CallRepBusinessHourRollup"
          WHERE "userId" = ${owner.userId}::uuid AND "period" = 225)
        AND "category" = 'dentist'`;
    const [whole, inside] = [await dialsOf(P225, P227), await dialsOf(P225 + 1, P227 + 1)];
    expect(await mark(1000)).toBe(1);
    try {
      const [wholeMarked, insideMarked] = [
        await dialsOf(P225, P227),
        await dialsOf(P225 + 1, P227 + 1),
      ];
      const diff = [...wholeMarked].filter(([wh, n]) => n !== whole.get(wh));
      expect(diff.map(([wh, n]) => n - whole.get(wh)!)).toEqual([1000]);
      expect(insideMarked).toEqual(inside);
    } finally {
      await mark(-1000);
    }
  });

  it.each(cases)("%s", async (_name, from, to) => {
    const qs = new URLSearchParams({
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      agent: owner.userId,
    }).toString();
    const res = await GET(request("GET", `/api/analytics?${qs}`, { token: owner.token }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const { heatmap } = analyticsResponseSchema.parse(await res.json());
    const placed = seeds.filter((s) => !s.teammate && s.at >= from && s.at < to);
    expect(placed.length).toBeGreaterThan(0);
    expect(heatmap.calls).toBe(placed.length);
    expect(cellsOfResponse(heatmap.overall)).toEqual(cellsOf(placed));
    const want = ["bakery", "dentist"].map((category) => ({
      category,
      cells: cellsOf(placed.filter((s) => s.category === category)),
    }));
    expect(
      heatmap.categories
        .map((c) => ({ category: c.category, cells: cellsOfResponse(c.cells) }))
        .sort((a, b) => a.category.localeCompare(b.category)),
    ).toEqual(want);
  });
});
