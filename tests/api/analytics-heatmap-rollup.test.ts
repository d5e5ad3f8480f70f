// The best-time heatmap's rollup (issue 32): CallBusinessHourRollup, one row per (organization,
// UTC day, hour of the week in the business's local time, category), kept by triggers on Call.
// It must move with every write of a call (create with a business, outcome, a changed time,
// offset or category, deletion), stay within its organization, and, read with the calls of the
// partial days at a range's ends, give the heatmap the calls give. The expected figures are
// computed here in JS from the calls, with Date arithmetic rather than the SQL's expression.
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsResponseSchema, HEATMAP_MIN_CALLS } from "@/lib/analytics/schemas";
import { DISPOSITION_FLAGS, type Disposition } from "@/lib/calls/dispositions";
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
    const check = async () => expect(await rollupOf(org)).toEqual(await fromCalls(org));
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
