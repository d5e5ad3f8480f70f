import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { businessNames } from "@/modules/records/lib/accounts";
import { deriveKpis } from "./kpis";
import { ACTIVE_CALL_MAX_MS, SALES_EVENTS_LIMIT, type DashboardResponse } from "./schemas";

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;

/**
 * The dashboard from the team's records: each rep's dials and talk time since `since`, whether
 * they are on a call now (an open call record: the server has no live call state of its own),
 * the spec's KPIs from the sales of the last 24 hours, and the latest sales and appointments of
 * the week, named from the team's account records. Four indexed reads, the dashboard's refresh
 * cost.
 */
export async function teamDay(
  session: UserSession,
  since: Date,
  now = new Date(),
): Promise<DashboardResponse> {
  const db = await getDb();
  const org = session.organizationId;
  const activeAfter = new Date(now.getTime() - ACTIVE_CALL_MAX_MS);
  const [agents, sales, events] = await Promise.all([
    db.$queryRaw<
      { id: string; name: string; dials: number; talkSeconds: number; active: boolean }[]
    >`
      SELECT u."id"::text AS "id", u."username" AS "name",
        COUNT(c."id")::int AS "dials", COALESCE(SUM(c."talkSeconds"), 0)::int AS "talkSeconds",
        EXISTS (SELECT 1 FROM "Call" o WHERE o."userId" = u."id" AND o."organizationId" = ${org}::uuid
          AND o."endedAt" IS NULL AND o."startedAt" > ${activeAfter}::timestamp(3)) AS "active"
      FROM "User" u
      LEFT JOIN "Call" c ON c."userId" = u."id" AND c."organizationId" = ${org}::uuid
        AND c."direction" = 'outbound'::"CallDirection" AND c."startedAt" >= ${since}::timestamp(3)
      WHERE u."organizationId" = ${org}::uuid
      GROUP BY u."id", u."username", u."disabled"
      HAVING NOT u."disabled" OR COUNT(c."id") > 0
      ORDER BY "dials" DESC, "talkSeconds" DESC, u."username"`,
    db.call.findMany({
      where: {
        organizationId: org,
        disposition: "sale",
        startedAt: { gt: new Date(now.getTime() - DAY_MS) },
      },
      select: { saleAmount: true },
    }),
    db.call.findMany({
      where: {
        organizationId: org,
        disposition: { in: ["sale", "callback"] },
        startedAt: { gt: new Date(now.getTime() - WEEK_MS) },
      },
      orderBy: { startedAt: "desc" },
      take: SALES_EVENTS_LIMIT,
      select: {
        id: true,
        disposition: true,
        startedAt: true,
        saleAmount: true,
        callbackAt: true,
        dialedNumber: true,
        placeId: true,
        user: { select: { username: true } },
      },
    }),
  ]);
  const names = await businessNames(
    org,
    events.map((e) => e.placeId),
  );
  return {
    agents: agents.map(({ active, ...a }) => ({ ...a, status: active ? "Active" : "Free" })),
    kpis: deriveKpis(sales.map((s) => Number(s.saleAmount ?? 0))),
    events: events.map((e) => ({
      id: e.id,
      kind: e.disposition === "sale" ? "sale" : "appointment",
      at: e.startedAt.toISOString(),
      rep: e.user.username,
      amount: e.saleAmount === null ? null : Number(e.saleAmount),
      callbackAt: e.callbackAt?.toISOString() ?? null,
      business: (e.placeId && names.get(e.placeId)) || null,
      number: e.dialedNumber,
    })),
  };
}
