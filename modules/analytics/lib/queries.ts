import "server-only";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { dispositionsWhere, type Disposition } from "@/modules/calls/lib/dispositions";
import type { AnalyticsScope } from "./access";
import { DAY_MS, HOUR_MS, hourCover, REP_PERIOD_MS, type HourCover } from "./hour-cover";
import {
  dayLabel,
  localDayIndex,
  localMinuteLabel,
  offsetPieces,
  subHourOffsetSeconds,
} from "./zone";

/**
 * The Analytics aggregates, each one statement over the team's outbound calls in a
 * range, all parameterized. What reads the calls reads only columns of the Call_analytics
 * indexes (team: organizationId, startedAt; one rep: userId, startedAt), an index-only range
 * scan like a plain count of those calls (the benchmark's floor, bench/analytics.ts). The
 * totals, activity and leaderboard (the team's or one rep's) read their whole hours from the
 * hourly rollup instead (CallHourRollup, kept by triggers on Call), the team's heatmap its
 * whole days from the heatmap's rollup (CallBusinessHourRollup) and one rep's its whole periods
 * of 91 days from CallRepBusinessHourRollup; only the partial hours, days or periods come from
 * the calls.
 */

export type Range = { from: Date; to: Date };

const inList = (list: Disposition[]) =>
  Prisma.join(list.map((d) => Prisma.sql`${d}::"CallDisposition"`));
const CONVERSATION = Prisma.sql`"disposition" IN (${inList(dispositionsWhere("conversation"))})`;
const SALE = Prisma.sql`"disposition" = 'sale'::"CallDisposition"`;

function whoOf(scope: AnalyticsScope) {
  return scope.userId
    ? Prisma.sql`"userId" = ${scope.userId}::uuid AND "organizationId" = ${scope.organizationId}::uuid`
    : Prisma.sql`"organizationId" = ${scope.organizationId}::uuid`;
}

/** The calls of a scope in [from, to): outbound only (an inbound call is not a dial). */
export function callsIn(scope: AnalyticsScope, { from, to }: Range) {
  return Prisma.sql`${whoOf(scope)} AND "direction" = 'outbound'::"CallDirection"
    AND "startedAt" >= ${from}::timestamp(3) AND "startedAt" < ${to}::timestamp(3)`;
}

/** What the partial hours' aggregates read of a call: all of it in both covering indexes. */
const EDGE_COLUMNS = Prisma.sql`"userId", "startedAt", "connectedAt", "talkSeconds", "disposition",
  "saleAmount"`;

/**
 * The calls of a scope in the pieces (ms) the rollup cannot answer, as a FROM item. Each piece
 * is its own SELECT (UNION ALL), so each is one index-only range scan of Call_analytics_idx or
 * Call_analytics_rep_idx: the pieces joined by OR in one WHERE were read as a bitmap scan of the
 * table (docs/performance.md). The pieces of a cover never overlap, so no call is read twice.
 */
function callsInEdges(scope: AnalyticsScope, edges: HourCover["edges"]) {
  const pieces = edges.length
    ? edges.map(
        (e) =>
          Prisma.sql`SELECT ${EDGE_COLUMNS} FROM "Call"
            WHERE ${callsIn(scope, { from: new Date(e.from), to: new Date(e.to) })}`,
      )
    : [Prisma.sql`SELECT ${EDGE_COLUMNS} FROM "Call" WHERE FALSE`];
  return Prisma.sql`(${Prisma.join(pieces, " UNION ALL ")}) AS "edgeCalls"`;
}

/**
 * The rollup rows (CallHourRollup, outbound calls only) of the scope's whole hours: the team's
 * are a range of the key, one rep's a range of CallHourRollup_rep_idx.
 */
function rollupIn(scope: AnalyticsScope, { first, end, skip }: HourCover) {
  if (first >= end) return Prisma.sql`FALSE`;
  const skipped = skip.length
    ? Prisma.sql` AND "hour" <> ALL(ARRAY[${Prisma.join(skip)}]::int[])`
    : Prisma.empty;
  const rep = scope.userId ? Prisma.sql` AND "userId" = ${scope.userId}::uuid` : Prisma.empty;
  return Prisma.sql`"organizationId" = ${scope.organizationId}::uuid${rep}
    AND "hour" >= ${first}::int AND "hour" < ${end}::int${skipped}`;
}

/** Everything from the calls: a range the rollup's UTC hours do not fit. */
const callsOnly = (from: number, to: number): HourCover => ({
  first: 0,
  end: 0,
  skip: [],
  edges: [{ from, to }],
});

/**
 * The whole hours from the rollup when they fit (`fits`), the team's or one rep's (whose rows
 * lie side by side in CallHourRollup_rep_idx, docs/performance.md).
 */
function coverOf(from: number, to: number, cuts: number[], fits: boolean) {
  return fits ? hourCover(from, to, cuts) : callsOnly(from, to);
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
 * The range's totals and the previous period's (the same length just before).
 * Working hours are the distinct (rep, clock hour in tz) pairs with at least one call.
 *
 * The team's whole UTC hours come from the rollup, where each row is one rep's hour, so the
 * working hours are its rows. The partial hours at the ends and around the start of the current period
 * come from the calls. In a zone whose offset is not a whole number of hours (India, +05:30)
 * the viewer's clock hours are not UTC hours: there everything comes from the calls.
 */
export async function totals(
  db: Db,
  scope: AnalyticsScope,
  range: Range,
  previousFrom: Date,
  tz: string,
): Promise<{ current: Totals; previous: Totals }> {
  const shift = subHourOffsetSeconds(tz, range.from);
  const [start, from, end] = [previousFrom.getTime(), range.from.getTime(), range.to.getTime()];
  const cover = coverOf(start, end, [from], shift === 0);
  const edges = callsInEdges(scope, cover.edges);
  const current = Prisma.sql`"startedAt" >= ${range.from}::timestamp(3)`;
  // Sums and working hours of the rollup's rows, in one pass.
  const fromRollup = Prisma.sql`
    SELECT "hour" >= ${Math.ceil(from / HOUR_MS)}::int AS "current", SUM("dials")::bigint AS "dials",
      SUM("connects")::bigint AS "connects", SUM("conversations")::bigint AS "conversations",
      SUM("sales")::bigint AS "sales", SUM("talkSeconds")::numeric AS "talkSeconds",
      SUM("revenue")::numeric AS "revenue", COUNT(*) FILTER (WHERE "dials" > 0) AS "hours"
    FROM "CallHourRollup" WHERE ${rollupIn(scope, cover)}
    GROUP BY 1`;
  const sumsOfCalls = Prisma.sql`
    SELECT ${current} AS "current", COUNT(*) AS "dials", COUNT("connectedAt") AS "connects",
      COUNT(*) FILTER (WHERE ${CONVERSATION}) AS "conversations",
      COUNT(*) FILTER (WHERE ${SALE}) AS "sales", SUM("talkSeconds")::numeric AS "talkSeconds",
      SUM("saleAmount") FILTER (WHERE ${SALE}) AS "revenue", 0::bigint AS "hours"
    FROM ${edges}
    GROUP BY 1`;
  const hoursOfCalls = Prisma.sql`
    SELECT "current", 0::bigint AS "dials", 0::bigint AS "connects", 0::bigint AS "conversations",
      0::bigint AS "sales", 0::numeric AS "talkSeconds", 0::numeric AS "revenue", COUNT(*) AS "hours"
    FROM (
      SELECT DISTINCT ${current} AS "current", "userId",
        floor((${EPOCH} + ${shift}::int) / 3600)::int AS "hour"
      FROM ${edges}
    ) AS "perHour"
    GROUP BY 1`;
  const added = (parts: Prisma.Sql[]) => db.$queryRaw<(Totals & { current: boolean })[]>`
    SELECT "current", SUM("dials")::int AS "dials", SUM("connects")::int AS "connects",
      SUM("conversations")::int AS "conversations", SUM("sales")::int AS "sales",
      COALESCE(SUM("talkSeconds"), 0)::float8 AS "talkSeconds",
      COALESCE(SUM("revenue"), 0)::float8 AS "revenue", SUM("hours")::int AS "workingHours"
    FROM (${Prisma.join(parts, " UNION ALL ")}) AS "parts"
    GROUP BY "current"`;
  // With the rollup, one statement (the calls are a few partial hours). From the calls alone,
  // the sums and the distinct working hours as two statements side by side: one grouping that
  // did both carried seven aggregates through tens of thousands of (rep, hour) groups.
  const rows =
    cover.first < cover.end
      ? await added([fromRollup, sumsOfCalls, hoursOfCalls])
      : (await Promise.all([added([sumsOfCalls]), added([hoursOfCalls])])).flat();
  const of = (flag: boolean): Totals =>
    rows
      .filter((r) => r.current === flag)
      .map(stripFlag)
      .reduce(
        (sum, r) => ({
          dials: sum.dials + r.dials,
          connects: sum.connects + r.connects,
          conversations: sum.conversations + r.conversations,
          sales: sum.sales + r.sales,
          talkSeconds: sum.talkSeconds + r.talkSeconds,
          revenue: sum.revenue + r.revenue,
          workingHours: sum.workingHours + r.workingHours,
        }),
        noTotals,
      );
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
 *
 * The team's whole UTC hours come from the rollup (an hour is one bucket, or lies within one local day
 * when tz is a whole number of hours from UTC and changes offset on the hour, every zone but
 * the half- and quarter-hour ones); the partial hours at the ends, and those zones, from the calls.
 */
export async function activity(
  db: Db,
  scope: AnalyticsScope,
  range: Range,
  tz: string,
  unit: "hour" | "day",
): Promise<ActivityRow[]> {
  const last = range.to.getTime() - 1;
  const [from, to] = [range.from.getTime(), range.to.getTime()];
  let key: Prisma.Sql;
  let rollupKey: Prisma.Sql;
  let cover: HourCover;
  let first: number;
  let end: number;
  let label: (index: number) => string;
  if (unit === "hour") {
    key = Prisma.sql`floor(${EPOCH} / 3600)::int`;
    rollupKey = Prisma.sql`"hour"`;
    cover = coverOf(from, to, [], true);
    first = Math.floor(range.from.getTime() / 3600_000);
    end = Math.floor(last / 3600_000);
    label = (i) => localMinuteLabel(tz, i * 3600_000);
  } else {
    const pieces = offsetPieces(tz, range.from, new Date(last));
    const offsetAt = (epoch: Prisma.Sql) =>
      pieces.length === 1
        ? Prisma.sql`${pieces[0]!.offsetSeconds}::int`
        : Prisma.sql`CASE ${Prisma.join(
            pieces
              .slice(1)
              .map(
                (p, i) =>
                  Prisma.sql`WHEN ${epoch} < ${p.fromMs / 1000}::float8 THEN ${pieces[i]!.offsetSeconds}::int`,
              ),
            " ",
          )} ELSE ${pieces[pieces.length - 1]!.offsetSeconds}::int END`;
    key = Prisma.sql`floor((${EPOCH} + ${offsetAt(EPOCH)}) / 86400)::int`;
    // A rollup hour lies in one local day when the offset is whole hours and changes on the hour.
    const hourStart = Prisma.sql`("hour"::float8 * 3600)`;
    rollupKey = Prisma.sql`floor((${hourStart} + ${offsetAt(hourStart)}) / 86400)::int`;
    const wholeHours =
      pieces.every((p) => p.offsetSeconds % 3600 === 0) &&
      pieces.slice(1).every((p) => p.fromMs % HOUR_MS === 0);
    cover = coverOf(from, to, [], wholeHours);
    first = localDayIndex(range.from.getTime(), pieces);
    end = localDayIndex(last, pieces);
    label = dayLabel;
  }
  const rows = await db.$queryRaw<(Omit<ActivityRow, "start"> & { bucket: number })[]>`
    SELECT "bucket", SUM("dials")::int AS "dials", SUM("connects")::int AS "connects",
      SUM("conversations")::int AS "conversations", SUM("sales")::int AS "sales"
    FROM (
      SELECT ${rollupKey} AS "bucket", SUM("dials")::bigint AS "dials",
        SUM("connects")::bigint AS "connects", SUM("conversations")::bigint AS "conversations",
        SUM("sales")::bigint AS "sales"
      FROM "CallHourRollup" WHERE ${rollupIn(scope, cover)}
      GROUP BY 1
      UNION ALL
      SELECT ${key}, COUNT(*), COUNT("connectedAt"), COUNT(*) FILTER (WHERE ${CONVERSATION}),
        COUNT(*) FILTER (WHERE ${SALE})
      FROM ${callsInEdges(scope, cover.edges)}
      GROUP BY 1
    ) AS "parts"
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

/**
 * Per rep of the team (always the whole team: every member sees the leaderboard): the rollup's
 * whole hours and the calls of the partial ones, grouped by rep.
 */
export async function leaderboard(db: Db, organizationId: string, range: Range) {
  const scope = { organizationId, userId: null };
  const cover = coverOf(range.from.getTime(), range.to.getTime(), [], true);
  return db.$queryRaw<LeaderRow[]>`
    SELECT "userId"::text AS "userId", SUM("dials")::int AS "dials",
      SUM("connects")::int AS "connects", SUM("conversations")::int AS "conversations",
      SUM("sales")::int AS "sales", COALESCE(SUM("revenue"), 0)::float8 AS "revenue",
      COALESCE(SUM("talkSeconds"), 0)::float8 AS "talkSeconds"
    FROM (
      SELECT "userId", SUM("dials")::bigint AS "dials", SUM("connects")::bigint AS "connects",
        SUM("conversations")::bigint AS "conversations", SUM("sales")::bigint AS "sales",
        SUM("revenue")::numeric AS "revenue", SUM("talkSeconds")::numeric AS "talkSeconds"
      FROM "CallHourRollup" WHERE ${rollupIn(scope, cover)}
      GROUP BY 1
      UNION ALL
      SELECT "userId", COUNT(*), COUNT("connectedAt"), COUNT(*) FILTER (WHERE ${CONVERSATION}),
        COUNT(*) FILTER (WHERE ${SALE}), SUM("saleAmount") FILTER (WHERE ${SALE}),
        SUM("talkSeconds")::numeric
      FROM ${callsInEdges(scope, cover.edges)}
      GROUP BY 1
    ) AS "parts"
    GROUP BY "userId"
    HAVING SUM("dials") > 0`;
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
 * A call's hour of the week in the business's local time (its stored offset at call time):
 * 0 is Monday 00:00. The hour since 1970 of the local time, less 96 (1 January 1970 was a
 * Thursday), modulo 168. The heatmap's rollup keys its rows by the same expression (migration
 * 20261127140000_call_business_hour_rollup), so its rows and the edge calls fall in the same cells.
 */
const WEEK_HOUR = Prisma.sql`((floor((${EPOCH} + "businessUtcOffsetMinutes" * 60) / 3600)::int - 96) % 168 + 168) % 168`;

/**
 * Weekday x hour of the BUSINESS's local time, overall and per category. Calls without an
 * offset are not placed. The team's whole UTC days come from CallBusinessHourRollup (one row per
 * day, hour of the week and category: a year is ~100 times fewer rows than calls), one rep's
 * whole periods of 91 days from CallRepBusinessHourRollup (the same cells per rep: a rep's day
 * fills about a cell per call, a period at most 168 per category), and the partial days or
 * periods at the ends from the calls.
 */
export async function heatmap(db: Db, scope: AnalyticsScope, range: Range): Promise<HeatRow[]> {
  const [from, to] = [range.from.getTime(), range.to.getTime()];
  const cover = hourCover(from, to, [], scope.userId === null ? DAY_MS : REP_PERIOD_MS);
  // The team's rows are a range of the key's prefix, one rep's too (organization, rep, period).
  const rollup =
    scope.userId === null
      ? Prisma.sql`"CallBusinessHourRollup"
          WHERE "organizationId" = ${scope.organizationId}::uuid
            AND "day" >= ${cover.first}::int AND "day" < ${cover.end}::int`
      : Prisma.sql`"CallRepBusinessHourRollup"
          WHERE "organizationId" = ${scope.organizationId}::uuid
            AND "userId" = ${scope.userId}::uuid
            AND "period" >= ${cover.first}::int AND "period" < ${cover.end}::int`;
  const days =
    cover.first < cover.end
      ? [
          Prisma.sql`
            SELECT "category", "weekHour"::int AS "weekHour", SUM("dials")::bigint AS "dials",
              SUM("connects")::bigint AS "connects", SUM("conversations")::bigint AS "conversations"
            FROM ${rollup}
            GROUP BY 1, 2`,
        ]
      : [];
  // Each partial day (or period) is its own range scan: one range is an index-only scan of
  // Call_analytics_idx, where the ranges joined by OR were a bitmap scan of the table (100-odd
  // blocks read for a month's two partial days, 20 times the time, docs/performance.md).
  const edges = cover.edges.map(
    (e) => Prisma.sql`
      SELECT COALESCE("businessCategory", '') AS "category", ${WEEK_HOUR} AS "weekHour",
        COUNT(*) AS "dials", COUNT("connectedAt") AS "connects",
        COUNT(*) FILTER (WHERE ${CONVERSATION}) AS "conversations"
      FROM "Call"
      WHERE ${callsIn(scope, { from: new Date(e.from), to: new Date(e.to) })}
        AND "businessUtcOffsetMinutes" IS NOT NULL
      GROUP BY 1, 2`,
  );
  const parts = [...days, ...edges];
  if (parts.length === 0) return [];
  // One grouping by (category, hour of the week), at most categories x 168 groups; the overall
  // cells are their sums, added here rather than by a second grouping set in SQL (which hashed
  // every row twice). A single part (one rep's range with no whole period, read from the calls alone) is grouped
  // already: a second grouping of its rows would only hash them all again.
  const single = parts.length === 1;
  const rows = await db.$queryRaw<
    {
      category: string | null;
      weekHour: number;
      dials: number;
      connects: number;
      conversations: number;
    }[]
  >`
    SELECT NULLIF("category", '') AS "category", "weekHour",
      ${
        single
          ? Prisma.sql`"dials"::int AS "dials", "connects"::int AS "connects",
              "conversations"::int AS "conversations"`
          : Prisma.sql`SUM("dials")::int AS "dials", SUM("connects")::int AS "connects",
              SUM("conversations")::int AS "conversations"`
      }
    FROM (${Prisma.join(parts, " UNION ALL ")}) AS "parts"
    ${single ? Prisma.empty : Prisma.sql`GROUP BY 1, 2`}`;
  const cell = (weekHour: number) => ({
    weekday: Math.floor(weekHour / 24) + 1,
    hour: weekHour % 24,
  });
  const overall = new Map<number, HeatRow>();
  for (const r of rows) {
    const o = overall.get(r.weekHour) ?? {
      category: null,
      overall: true,
      ...cell(r.weekHour),
      dials: 0,
      connects: 0,
      conversations: 0,
    };
    o.dials += r.dials;
    o.connects += r.connects;
    o.conversations += r.conversations;
    overall.set(r.weekHour, o);
  }
  return [
    ...overall.values(),
    ...rows.map(({ weekHour, ...r }) => ({ ...r, overall: false, ...cell(weekHour) })),
  ];
}
