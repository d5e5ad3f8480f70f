// npm run bench:analytics (DATABASE_URL=postgres://.../<a new database>): 1,000,000 calls of
// 50 reps over a year, seeded with generate_series, then every Analytics aggregate
// (modules/analytics/lib/queries.ts) for a week, a month and the year, for the team and for one rep:
// p95 of each query against its floor measured in the same run (an indexed count of the same
// calls over the same range), the whole GET /api/analytics work (getAnalytics), and the heap
// after each range (flat: nothing grows with the number of calls).
import { performance } from "node:perf_hooks";
import type { Range } from "@/modules/analytics/lib/queries";

if (!process.env.DATABASE_URL?.startsWith("postgres")) {
  console.error("bench:analytics needs DATABASE_URL pointing at a new PostgreSQL database");
  process.exit(2);
}
process.env.LOG_LEVEL = "silent";

const TOTAL = Number(process.env.BENCH_CALLS ?? 1_000_000);
const REPS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DAY = 86_400_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
async function p95(run: () => Promise<unknown>) {
  await run(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await run();
    times.push(performance.now() - s);
  }
  return percentile(times, 0.95);
}
/**
 * A query and its floor run alternately, so that both see the same load on a shared machine;
 * returns [query p95, floor p95].
 */
async function paired(run: () => Promise<unknown>, floor: () => Promise<unknown>) {
  await run();
  await floor();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let s = performance.now();
    await run();
    a.push(performance.now() - s);
    s = performance.now();
    await floor();
    b.push(performance.now() - s);
  }
  return [percentile(a, 0.95), percentile(b, 0.95)] as const;
}

async function main() {
  const { Prisma } = await import("@/lib/generated/prisma/client");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const q = await import("@/modules/analytics/lib/queries");
  const { getAnalytics } = await import("@/modules/analytics/lib/get-analytics");
  const { analyticsQuerySchema } = await import("@/modules/analytics/lib/schemas");
  const { teamDay } = await import("@/modules/dashboard/lib/team-day");
  const { DASHBOARD_REFRESH_MS } = await import("@/modules/dashboard/lib/refresh");
  const db = await getDb();

  const org = await db.organization.create({ data: { name: `bench-analytics-${Date.now()}` } });
  await db.user.createMany({
    data: Array.from({ length: REPS }, (_, i) => ({
      username: `bench-a-${org.id.slice(0, 8)}-${i}`,
      usernameKey: `bench-a-${org.id.slice(0, 8)}-${i}`,
      passwordHash: "x",
      organizationId: org.id,
    })),
  });
  const users = await db.user.findMany({
    where: { organizationId: org.id },
    // The first is the owner, the manager whose session the benchmark uses.
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const now = Date.now();
  const since = now - 365 * DAY;

  const t = performance.now();
  const ids = `ARRAY[${users.map((u) => `'${u.id}'::uuid`).join(",")}]`;
  const talked = `ARRAY['interested','sale','callback','not_interested','do_not_call','wrong_number']::"CallDisposition"[]`;
  const missed = `ARRAY['voicemail','no_answer','busy',NULL]::"CallDisposition"[]`;
  const offsets = "ARRAY[-480,-420,-360,-300,0,60,330,540]";
  const categories = `ARRAY['dentist','bakery','plumber','car_repair','lawyer','restaurant','gym','florist','pharmacy','hotel']`;
  const batch = 100_000;
  for (let from = 0; from < TOTAL; from += batch) {
    const to = Math.min(TOTAL, from + batch) - 1;
    // A year of calls, one in three connected (talk up to 10 min), one in twenty a hand dial
    // without a business offset; every one outbound.
    await db.$executeRawUnsafe(`
      INSERT INTO "Call" ("id", "organizationId", "userId", "placeId", "dialedDigits", "dialedNumber",
        "startedAt", "connectedAt", "endedAt", "talkSeconds", "endReason", "direction",
        "disposition", "saleAmount", "businessUtcOffsetMinutes", "businessCategory", "updatedAt")
      SELECT gen_random_uuid()::text, '${org.id}'::uuid, (${ids})[1 + i % ${REPS}],
        'place-' || (i % 50000), '4155550100', '+14155550100', "at",
        CASE WHEN i % 3 = 0 THEN "at" + interval '5 seconds' END,
        "at" + interval '5 seconds' + (CASE WHEN i % 3 = 0 THEN i % 600 ELSE 0 END) * interval '1 second',
        CASE WHEN i % 3 = 0 THEN i % 600 ELSE 0 END, 'local', 'outbound',
        CASE WHEN i % 3 = 0 THEN (${talked})[1 + (i / 3) % 6] ELSE (${missed})[1 + i % 4] END,
        CASE WHEN i % 3 = 0 AND (i / 3) % 6 = 1 THEN 100 + i % 900 END,
        CASE WHEN i % 20 <> 0 THEN (${offsets})[1 + i % 8] END,
        CASE WHEN i % 20 <> 0 THEN (${categories})[1 + (i / 7) % 10] END, now()
      FROM generate_series(${from}, ${to}) AS i,
        LATERAL (SELECT to_timestamp(${since / 1000} + i * (365 * 86400.0 / ${TOTAL}))::timestamp AS "at") AS t`);
  }
  // Index-only scans need the visibility map: a real table gets it from autovacuum.
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Call"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "CallHourRollup"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "CallBusinessHourRollup"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "CallRepBusinessHourRollup"`);
  // The triggers kept the rollups while seeding (modules/analytics/lib/queries.ts reads them).
  const [{ rollupRows, heatRows, repHeatRows }] = (await db.$queryRaw<
    { rollupRows: number; heatRows: number; repHeatRows: number }[]
  >`
    SELECT (SELECT COUNT(*)::int FROM "CallHourRollup" WHERE "organizationId" = ${org.id}::uuid)
        AS "rollupRows",
      (SELECT COUNT(*)::int FROM "CallBusinessHourRollup" WHERE "organizationId" = ${org.id}::uuid)
        AS "heatRows",
      (SELECT COUNT(*)::int FROM "CallRepBusinessHourRollup" WHERE "organizationId" = ${org.id}::uuid)
        AS "repHeatRows"`) as [{ rollupRows: number; heatRows: number; repHeatRows: number }];
  console.log(
    `seeded ${TOTAL.toLocaleString("en")} calls for ${REPS} reps over 365 days (hourly rollup rows: ${rollupRows.toLocaleString("en")}, heatmap rollup rows: ${heatRows.toLocaleString("en")}, per rep: ${repHeatRows.toLocaleString("en")}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const me = users[1]!;
  const owner = users[0]!;
  const session = {
    kind: "user" as const,
    sid: "bench",
    userId: owner.id,
    username: owner.username,
    organizationId: org.id,
    // The owner reads as a manager: every rep's detail is open to them.
    role: "manager" as const,
    email: null,
    emailVerified: false,
    mustEnrolTwoFactor: false,
  };
  const tz = "America/New_York";
  const ranges = [
    ["week", 7],
    ["month", 30],
    ["year", 365],
  ] as const;
  const rows: string[] = [];
  const countOf = (scope: { organizationId: string; userId: string | null }, r: Range) =>
    db.$queryRaw<
      { n: number }[]
    >`SELECT COUNT(*)::int AS "n" FROM "Call" WHERE ${q.callsIn(scope, r)}`;

  for (const who of ["team", "rep"] as const) {
    const scope = { organizationId: org.id, userId: who === "team" ? null : me.id };
    for (const [name, days] of ranges) {
      const range = { from: new Date(now - days * DAY), to: new Date(now) };
      const previousFrom = new Date(now - 2 * days * DAY);
      const both = { from: previousFrom, to: range.to };
      const [{ n }] = (await countOf(scope, range)) as [{ n: number }];
      const count = () => countOf(scope, range);
      const teamCount = () => countOf({ organizationId: org.id, userId: null }, range);
      const unit = days <= 1 ? "hour" : "day";
      const measured: [string, readonly [number, number]][] = [
        [
          "totals (+previous)",
          await paired(
            () => q.totals(db, scope, range, previousFrom, tz),
            () => countOf(scope, both),
          ),
        ],
        ["activity", await paired(() => q.activity(db, scope, range, tz, unit), count)],
        ["outcomes", await paired(() => q.outcomes(db, scope, range), count)],
        ["leaderboard (team)", await paired(() => q.leaderboard(db, org.id, range), teamCount)],
        ["heatmap", await paired(() => q.heatmap(db, scope, range), count)],
      ];
      const query = analyticsQuerySchema.parse({
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        agent: who === "team" ? "team" : me.id,
        tz,
      });
      const whole = await p95(() => getAnalytics(session, query));
      gc();
      const heap = process.memoryUsage().heapUsed;
      for (const [label, [ms, fl]] of measured) {
        rows.push(
          `| ${who} | ${name} | ${n.toLocaleString("en")} | ${label} | ${ms.toFixed(1)} | ${fl.toFixed(1)} | ${(ms / fl).toFixed(2)}x |`,
        );
      }
      rows.push(
        `| ${who} | ${name} | ${n.toLocaleString("en")} | whole request (getAnalytics) | ${whole.toFixed(1)} | | |`,
      );
      console.log(`${who} ${name}: ${n} calls, heap after gc ${mb(heap)}`);
    }
  }
  // The dashboard's refresh: what GET /api/dashboard does (the team's last 24 hours, the
  // route's default) every DASHBOARD_REFRESH_MS while a dashboard is open, against an indexed
  // count of the same calls.
  const day = { from: new Date(now - DAY), to: new Date(now) };
  const [{ n: dayCalls }] = (await countOf({ organizationId: org.id, userId: null }, day)) as [
    { n: number },
  ];
  const [refresh, refreshFloor] = await paired(
    () => teamDay(session, day.from, day.to),
    () => countOf({ organizationId: org.id, userId: null }, day),
  );
  const plan = await db.$queryRaw<
    { "QUERY PLAN": string }[]
  >`EXPLAIN ${Prisma.sql`SELECT COUNT(*) FROM "Call" WHERE ${q.callsIn({ organizationId: org.id, userId: null }, { from: new Date(now - 30 * DAY), to: new Date(now) })}`}`;
  console.log(`\n| scope | range | calls | query | p95 ms | floor p95 ms | ratio |`);
  console.log(`|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(r);
  console.log(
    `\ndashboard refresh (teamDay, the team's last 24 h: ${dayCalls.toLocaleString("en")} calls): p95 ${refresh.toFixed(1)} ms, floor ${refreshFloor.toFixed(1)} ms (${(refresh / refreshFloor).toFixed(2)}x); every ${DASHBOARD_REFRESH_MS / 1000} s per open dashboard: ${((refresh / DASHBOARD_REFRESH_MS) * 100).toFixed(2)} % of one database connection`,
  );
  console.log(
    `\nfloor plan (team month): ${plan
      .map((r) => r["QUERY PLAN"].trim())
      .slice(0, 3)
      .join(" | ")}`,
  );
  await closeDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
