import "server-only";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { dispositionsWhere, type Disposition } from "@/lib/calls/dispositions";
import type { AnalyticsScope } from "./access";
import {
  dayLabel,
  localDayIndex,
  localMinuteLabel,
  offsetPieces,
  subHourOffsetSeconds,
} from "./zone";

/**
 * The Analytics aggregates (issue 32), each one statement over the team's outbound calls in a
 * range, all parameterized. Every one reads only columns of the Call_analytics indexes (team:
 * organizationId, startedAt; one rep: userId, startedAt), so PostgreSQL answers them with an
 * index-only range scan, the same access path as a plain count of those calls (the benchmark's
 * floor, bench/analytics.ts).
 */

export type Range = { from: Date; to: Date };

const inList = (list: Disposition[]) =>
  Prisma.join(list.map((d) => Prisma.sql`${d}::"CallDisposition"`));
const CONVERSATION = Prisma.sql`"disposition" IN (${inList(dispositionsWhere("conversation"))})`;
const SALE = Prisma.sql`"disposition" = 'sale'::"CallDisposition"`;

/** The calls of a scope in [from, to): outbound only (an inbound call is not a dial). */
export function callsIn(scope: AnalyticsScope, { from, to }: Range) {
  const who = scope.userId
    ? Prisma.sql`"userId" = ${scope.userId}::uuid AND "organizationId" = ${scope.organizationId}::uuid`
    : Prisma.sql`"organizationId" = ${scope.organizationId}::uuid`;
  return Prisma.sql`${who} AND "direction" = 'outbound'::"CallDirection"
    AND "startedAt" >= ${from}::timestamp(3) AND "startedAt" < ${to}::timestamp(3)`;
}

export type Totals = {
  dials: number;
  connects: number;
  conversations: number;
  sales: number;
  talkSeconds: number;
  revenue: number;
  workingHours: number;
};
const noTotals: Totals = {
  dials: 0,
  connects: 0,
  conversations: 0,
  sales: 0,
  talkSeconds: 0,
  revenue: 0,
  workingHours: 0,
};

/** Seconds since 1970 of the stored UTC time, as a double (EXTRACT returns numeric, slower). */
const EPOCH = Prisma.sql`date_part('epoch', "startedAt")`;

/**
 * The range's totals and the previous period's (the same length just before), in one pass over
 * both. Working hours are the distinct (rep, clock hour in tz) pairs with at least one call.
 */
export async function totals(
  db: Db,
  scope: AnalyticsScope,
  range: Range,
  previousFrom: Date,
  tz: string,
): Promise<{ current: Totals; previous: Totals }> {
  const shift = subHourOffsetSeconds(tz, range.from);
  const both = callsIn(scope, { from: previousFrom, to: range.to });
  const current = Prisma.sql`"startedAt" >= ${range.from}::timestamp(3)`;
  // Two statements, run side by side: the sums (two groups, cheap per row) and the working
  // hours (distinct rep and clock hour); one grouping that did both carried seven aggregates
  // through tens of thousands of (rep, hour) groups.
  const [sums, hours] = await Promise.all([
    db.$queryRaw<(Omit<Totals, "workingHours"> & { current: boolean })[]>`
      SELECT ${current} AS "current", COUNT(*)::int AS "dials",
        COUNT("connectedAt")::int AS "connects",
        (COUNT(*) FILTER (WHERE ${CONVERSATION}))::int AS "conversations",
        (COUNT(*) FILTER (WHERE ${SALE}))::int AS "sales",
        COALESCE(SUM("talkSeconds"), 0)::float8 AS "talkSeconds",
        COALESCE(SUM("saleAmount") FILTER (WHERE ${SALE}), 0)::float8 AS "revenue"
      FROM "Call" WHERE ${both}
      GROUP BY 1`,
    db.$queryRaw<{ current: boolean; workingHours: number }[]>`
      SELECT "current", COUNT(*)::int AS "workingHours"
      FROM (
        SELECT DISTINCT ${current} AS "current", "userId",
          floor((${EPOCH} + ${shift}::int) / 3600)::int AS "hour"
        FROM "Call" WHERE ${both}
      ) AS "perHour"
      GROUP BY "current"`,
  ]);
  const of = (flag: boolean): Totals => {
    const row = sums.find((r) => r.current === flag);
    const workingHours = hours.find((r) => r.current === flag)?.workingHours ?? 0;
    return row ? { ...stripFlag(row), workingHours } : noTotals;
  };
  return { current: of(true), previous: of(false) };
}

function stripFlag<T extends { current: boolean }>(row: T): Omit<T, "current"> {
  const { current: _current, ...rest } = row;
  return rest;
}

export type ActivityRow = {
  start: string;
  dials: number;
  connects: number;
  conversations: number;
  sales: number;
};

/**
 * Calls per day or hour, every bucket of the range present. Days are local days in tz (a DST
 * day holds its 23 or 25 hours): each call's local day is its epoch plus the offset in force
 * then, a CASE over the range's offset pieces (arithmetic, not a time-zone conversion per row).
 * Hours are real hours, labelled with their local time: the spring-forward night has no 02:00
 * and the fall-back night two 01:00 buckets.
 */
export async function activity(
  db: Db,
  scope: AnalyticsScope,
  range: Range,
  tz: string,
  unit: "hour" | "day",
): Promise<ActivityRow[]> {
  const last = range.to.getTime() - 1;
  let key: Prisma.Sql;
  let first: number;
  let end: number;
  let label: (index: number) => string;
  if (unit === "hour") {
    key = Prisma.sql`floor(${EPOCH} / 3600)::int`;
    first = Math.floor(range.from.getTime() / 3600_000);
    end = Math.floor(last / 3600_000);
    label = (i) => localMinuteLabel(tz, i * 3600_000);
  } else {
    const pieces = offsetPieces(tz, range.from, new Date(last));
    const offset =
      pieces.length === 1
        ? Prisma.sql`${pieces[0]!.offsetSeconds}::int`
        : Prisma.sql`CASE ${Prisma.join(
            pieces
              .slice(1)
              .map(
                (p, i) =>
                  Prisma.sql`WHEN ${EPOCH} < ${p.fromMs / 1000}::float8 THEN ${pieces[i]!.offsetSeconds}::int`,
              ),
            " ",
          )} ELSE ${pieces[pieces.length - 1]!.offsetSeconds}::int END`;
    key = Prisma.sql`floor((${EPOCH} + ${offset}) / 86400)::int`;
    first = localDayIndex(range.from.getTime(), pieces);
    end = localDayIndex(last, pieces);
    label = dayLabel;
  }
  const rows = await db.$queryRaw<(Omit<ActivityRow, "start"> & { bucket: number })[]>`
    SELECT ${key} AS "bucket", COUNT(*)::int AS "dials",
      COUNT("connectedAt")::int AS "connects",
      (COUNT(*) FILTER (WHERE ${CONVERSATION}))::int AS "conversations",
      (COUNT(*) FILTER (WHERE ${SALE}))::int AS "sales"
    FROM "Call" WHERE ${callsIn(scope, range)}
    GROUP BY 1`;
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const buckets: ActivityRow[] = [];
  for (let i = first; i <= end; i++) {
    const r = byBucket.get(i);
    buckets.push({
      start: label(i),
      dials: r?.dials ?? 0,
      connects: r?.connects ?? 0,
      conversations: r?.conversations ?? 0,
      sales: r?.sales ?? 0,
    });
  }
  return buckets;
}

export type OutcomeRow = { disposition: Disposition | null; calls: number; talkSeconds: number };

export async function outcomes(db: Db, scope: AnalyticsScope, range: Range) {
  return db.$queryRaw<OutcomeRow[]>`
    SELECT "disposition"::text AS "disposition", COUNT(*)::int AS "calls",
      COALESCE(SUM("talkSeconds"), 0)::float8 AS "talkSeconds"
    FROM "Call" WHERE ${callsIn(scope, range)}
    GROUP BY "disposition"
    ORDER BY "calls" DESC, "disposition"`;
}

export type LeaderRow = {
  userId: string;
  dials: number;
  connects: number;
  conversations: number;
  sales: number;
  revenue: number;
  talkSeconds: number;
};

/** Per rep of the team (always the whole team: every member sees the leaderboard). */
export async function leaderboard(db: Db, organizationId: string, range: Range) {
  return db.$queryRaw<LeaderRow[]>`
    SELECT "userId"::text AS "userId", COUNT(*)::int AS "dials",
      COUNT("connectedAt")::int AS "connects",
      (COUNT(*) FILTER (WHERE ${CONVERSATION}))::int AS "conversations",
      (COUNT(*) FILTER (WHERE ${SALE}))::int AS "sales",
      COALESCE(SUM("saleAmount") FILTER (WHERE ${SALE}), 0)::float8 AS "revenue",
      COALESCE(SUM("talkSeconds"), 0)::float8 AS "talkSeconds"
    FROM "Call" WHERE ${callsIn({ organizationId, userId: null }, range)}
    GROUP BY "userId"`;
}

export type HeatRow = {
  /** null on the overall rows, and for calls with no category on the per-category rows. */
  category: string | null;
  overall: boolean;
  weekday: number;
  hour: number;
  dials: number;
  connects: number;
  conversations: number;
};

/**
 * Weekday x hour of the BUSINESS's local time (its stored offset at call time), overall and per
 * category, in one pass with grouping sets. Calls without an offset are not placed.
 */
export async function heatmap(db: Db, scope: AnalyticsScope, range: Range): Promise<HeatRow[]> {
  // The hour of the week in the business's time, 0 = Thursday 00:00 (1 January 1970 was a
  // Thursday): one integer per row. One grouping by (category, hour of week), at most
  // categories x 168 groups; the overall cells are their sums, added here rather than by a
  // second grouping set in SQL (which hashed every row twice).
  const rows = await db.$queryRaw<
    {
      category: string | null;
      how: number;
      dials: number;
      connects: number;
      conversations: number;
    }[]
  >`
    SELECT "businessCategory" AS "category",
      (floor((${EPOCH} + "businessUtcOffsetMinutes" * 60) / 3600)::int % 168 + 168) % 168 AS "how",
      COUNT(*)::int AS "dials", COUNT("connectedAt")::int AS "connects",
      (COUNT(*) FILTER (WHERE ${CONVERSATION}))::int AS "conversations"
    FROM "Call"
    WHERE ${callsIn(scope, range)} AND "businessUtcOffsetMinutes" IS NOT NULL
    GROUP BY 1, 2`;
  const cell = (how: number) => ({ weekday: ((Math.floor(how / 24) + 3) % 7) + 1, hour: how % 24 });
  const overall = new Map<number, HeatRow>();
  for (const r of rows) {
    const o = overall.get(r.how) ?? {
      category: null,
      overall: true,
      ...cell(r.how),
      dials: 0,
      connects: 0,
      conversations: 0,
    };
    o.dials += r.dials;
    o.connects += r.connects;
    o.conversations += r.conversations;
    overall.set(r.how, o);
  }
  return [
    ...overall.values(),
    ...rows.map(({ how, ...r }) => ({ ...r, overall: false, ...cell(how) })),
  ];
}
