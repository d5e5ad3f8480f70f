import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { DISPOSITION_FLAGS } from "@/modules/calls/lib/dispositions";
import { getDb } from "@/lib/db/client";
import { scopeFor, seesAnyRep, teamReps } from "./access";
import {
  activity,
  heatmap,
  leaderboard,
  outcomes,
  totals,
  type HeatRow,
  type Totals,
} from "./queries";
import {
  HEATMAP_MAX_CATEGORIES,
  HEATMAP_MIN_CALLS,
  HOURLY_MAX_HOURS,
  type AnalyticsResponse,
  type HeatmapCell,
  type Summary,
  analyticsQuerySchema,
} from "./schemas";
import type { z } from "zod";

type Query = z.output<typeof analyticsQuerySchema>;

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

function summaryOf(t: Totals): Summary {
  return {
    dials: t.dials,
    connects: t.connects,
    conversations: t.conversations,
    sales: t.sales,
    talkSeconds: t.talkSeconds,
    revenue: t.revenue,
    connectRate: ratio(t.connects, t.dials),
    conversationRate: ratio(t.conversations, t.dials),
    averageTalkSeconds: ratio(t.talkSeconds, t.connects),
    workingHours: t.workingHours,
    dialsPerWorkingHour: ratio(t.dials, t.workingHours),
  };
}

function cellOf(row: HeatRow): HeatmapCell {
  const tooFew = row.dials < HEATMAP_MIN_CALLS;
  return {
    weekday: row.weekday,
    hour: row.hour,
    dials: row.dials,
    connectRate: tooFew ? null : ratio(row.connects, row.dials),
    conversationRate: tooFew ? null : ratio(row.conversations, row.dials),
    tooFew,
  };
}

function heatmapOf(rows: HeatRow[]): AnalyticsResponse["heatmap"] {
  const overall = rows.filter((r) => r.overall);
  const byCategory = new Map<string, HeatRow[]>();
  for (const r of rows) {
    if (r.overall || r.category === null) continue;
    byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
  }
  const total = (list: HeatRow[]) => list.reduce((sum, r) => sum + r.dials, 0);
  const categories = [...byCategory]
    .map(([category, list]) => ({ category, calls: total(list), cells: list.map(cellOf) }))
    .sort((a, b) => b.calls - a.calls || a.category.localeCompare(b.category))
    .slice(0, HEATMAP_MAX_CATEGORIES);
  return {
    minCalls: HEATMAP_MIN_CALLS,
    calls: total(overall),
    overall: overall.map(cellOf),
    categories,
  };
}

/** GET /api/analytics: every figure of the Analytics screen for one range and scope. */
export async function getAnalytics(session: UserSession, query: Query): Promise<AnalyticsResponse> {
  const db = await getDb();
  const manager = seesAnyRep(session);
  const reps = await teamReps(session);
  const scope = scopeFor(session, query.agent, manager, reps);
  const range = { from: new Date(query.from), to: new Date(query.to) };
  const span = range.to.getTime() - range.from.getTime();
  const previousFrom = new Date(range.from.getTime() - span);
  const unit = span <= HOURLY_MAX_HOURS * 3600_000 ? "hour" : "day";

  const [t, buckets, outcomeRows, leaders, heat] = await Promise.all([
    totals(db, scope, range, previousFrom, query.tz),
    activity(db, scope, range, query.tz, unit),
    outcomes(db, scope, range),
    leaderboard(db, session.organizationId, range),
    heatmap(db, scope, range),
  ]);
  const names = new Map(reps.map((r) => [r.id, r.username]));
  const summary = summaryOf(t.current);
  return {
    range: {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      previousFrom: previousFrom.toISOString(),
      tz: query.tz,
    },
    agent: query.agent,
    viewer: { userId: session.userId, manager },
    reps,
    summary,
    previous: summaryOf(t.previous),
    activity: { unit, buckets },
    outcomes: outcomeRows.map((o) => {
      const flags = o.disposition
        ? DISPOSITION_FLAGS[o.disposition]
        : { conversation: false, contact: false, sale: false };
      return {
        ...o,
        conversation: flags.conversation,
        contact: flags.contact,
        sale: flags.sale,
      };
    }),
    leaderboard: leaders
      .map((l) => ({
        ...l,
        username: names.get(l.userId) ?? "",
        conversationRate: ratio(l.conversations, l.dials),
      }))
      .sort(
        (a, b) =>
          b.revenue - a.revenue ||
          b.sales - a.sales ||
          b.conversations - a.conversations ||
          b.dials - a.dials ||
          a.username.localeCompare(b.username),
      ),
    funnel: {
      dials: summary.dials,
      connects: summary.connects,
      conversations: summary.conversations,
      sales: summary.sales,
    },
    heatmap: heatmapOf(heat),
  };
}
