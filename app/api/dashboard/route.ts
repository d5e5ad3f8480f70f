// GET /api/dashboard?since= - the team's day for the dashboard: agents, KPIs, sales and appointments
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { dashboardQuerySchema, dashboardResponseSchema } from "@/modules/dashboard/lib/schemas";
import { teamDay } from "@/modules/dashboard/lib/team-day";

// The dashboard refreshes itself every 20 s while open: three indexed reads, inside the calls
// read budget.
export const GET = withUser(
  { permission: "calls.work", query: dashboardQuerySchema, rateLimit: callsReadLimit },
  async ({ session, query }) => {
    const now = new Date();
    const since = query.since ? new Date(query.since) : new Date(now.getTime() - 24 * 3600_000);
    return respond(dashboardResponseSchema, await teamDay(session, since, now));
  },
);
