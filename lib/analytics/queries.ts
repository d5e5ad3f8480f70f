import "server-only";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { dispositionsWhere, type Disposition } from "@/lib/calls/dispositions";
import type { AnalyticsScope } from "./access";

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

/**
 * The sub-hour part of tz's offset from UTC, in seconds (India +05:30 -> 1800, Newfoundland
 * -03:30 -> 1800, New York 0). Clock hours in tz start where (epoch + this) is a multiple of
 * 3600, in every zone whose daylight-saving shifts are whole hours (all but Lord Howe), so the
 * per-row work is arithmetic instead of a time-zone conversion.
 */
export function subHourOffsetSeconds(tz: string, at: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!m) return 0;
  const minutes = (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return (((minutes % 60) + 60) % 60) * 60;
}

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
  const rows = await db.$queryRaw<(Totals & { current: boolean })[]>`
    SELECT "current", SUM("dials")::int AS "dials", SUM("connects")::int AS "connects",
      SUM("conversations")::int AS "conversations", SUM("sales")::int AS "sales",
      COALESCE(SUM("talk"), 0)::float8 AS "talkSeconds",
      COALESCE(SUM("revenue"), 0)::float8 AS "revenue", COUNT(*)::int AS "workingHours"
    FROM (
      SELECT "startedAt" >= ${range.from}::timestamp(3) AS "current", "userId",
        floor((${EPOCH} + ${shift}::int) / 3600)::int AS "hour",
        COUNT(*) AS "dials", COUNT("connectedAt") AS "connects",
        COUNT(*) FILTER (WHERE ${CONVERSATION}) AS "conversations",
        COUNT(*) FILTER (WHERE ${SALE}) AS "sales",
        SUM("talkSeconds") AS "talk", SUM("saleAmount") FILTER (WHERE ${SALE}) AS "revenue"
      FROM "Call"
      WHERE ${callsIn(scope, { from: previousFrom, to: range.to })}
      GROUP BY 1, 2, 3
    ) AS "perHour"
    GROUP BY "current"`;
  const of = (current: boolean) => {
    const row = rows.find((r) => r.current === current);
    return row ? { ...noTotals, ...stripFlag(row) } : noTotals;
  };
  return { current: of(true), previous: of(false) };
}

function stripFlag(row: Totals & { current: boolean }): Totals {
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
 * day holds its 23 or 25 hours). Hours are real hours, labelled with their local time: the
 * spring-forward night has no 02:00 and the fall-back night two 01:00 buckets.
 */
export async function activity(
  db: Db,
  scope: AnalyticsScope,
  range: Range,
  tz: string,
  unit: "hour" | "day",
): Promise<ActivityRow[]> {
  const last = new Date(range.to.getTime() - 1);
  const local = (at: Prisma.Sql) => Prisma.sql`((${at} AT TIME ZONE 'UTC') AT TIME ZONE ${tz})`;
  const at = (d: Date) => Prisma.sql`${d}::timestamp(3)`;
  // Hours are bucketed on the stored UTC time, days on the local time in tz.
  const key = unit === "hour" ? (t: Prisma.Sql) => t : local;
  const label =
    unit === "hour"
      ? Prisma.sql`to_char(${local(Prisma.sql`"buckets"."start"`)}, 'YYYY-MM-DD"T"HH24:MI')`
      : Prisma.sql`to_char("buckets"."start", 'YYYY-MM-DD')`;
  const step = unit === "hour" ? "1 hour" : "1 day";
  return db.$queryRaw<ActivityRow[]>`
    WITH "buckets" AS (
      SELECT generate_series(date_trunc(${unit}, ${key(at(range.from))}),
        date_trunc(${unit}, ${key(at(last))}), ${step}::interval) AS "start"
    ), "counts" AS (
      SELECT date_trunc(${unit}, ${key(Prisma.sql`"startedAt"`)}) AS "start", COUNT(*)::int AS "dials",
        COUNT("connectedAt")::int AS "connects",
        (COUNT(*) FILTER (WHERE ${CONVERSATION}))::int AS "conversations",
        (COUNT(*) FILTER (WHERE ${SALE}))::int AS "sales"
      FROM "Call" WHERE ${callsIn(scope, range)}
      GROUP BY 1
    )
    SELECT ${label} AS "start",
      COALESCE("dials", 0) AS "dials", COALESCE("connects", 0) AS "connects",
      COALESCE("conversations", 0) AS "conversations", COALESCE("sales", 0) AS "sales"
    FROM "buckets" LEFT JOIN "counts" USING ("start")
    ORDER BY "buckets"."start"`;
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
export async function heatmap(db: Db, scope: AnalyticsScope, range: Range) {
  // The hour of the week in the business's time, 0 = Thursday 00:00 (1 January 1970 was a
  // Thursday): one integer per row, weekday and hour derived once per group.
  return db.$queryRaw<HeatRow[]>`
    SELECT "category", GROUPING("category") = 1 AS "overall",
      (("how" / 24 + 3) % 7 + 1)::int AS "weekday", ("how" % 24)::int AS "hour",
      COUNT(*)::int AS "dials", COUNT("connectedAt")::int AS "connects",
      (COUNT(*) FILTER (WHERE "conversation"))::int AS "conversations"
    FROM (
      SELECT "businessCategory" AS "category", "connectedAt", ${CONVERSATION} AS "conversation",
        (floor((${EPOCH} + "businessUtcOffsetMinutes" * 60) / 3600)::int % 168 + 168) % 168 AS "how"
      FROM "Call"
      WHERE ${callsIn(scope, range)} AND "businessUtcOffsetMinutes" IS NOT NULL
    ) AS "cells"
    GROUP BY GROUPING SETS (("how"), ("category", "how"))`;
}
