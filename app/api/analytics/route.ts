// GET /api/analytics?from=&to=&agent=&tz= - the Analytics screen's figures for a range, the team or one rep
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { getAnalytics } from "@/modules/analytics/lib/get-analytics";
import { analyticsQuerySchema, analyticsResponseSchema } from "@/modules/analytics/lib/schemas";
import { callsReadLimit } from "@/modules/calls/lib/limits";

// Five aggregates over up to a year of the team's calls: the calls read budget bounds them.
export const GET = withUser(
  { permission: "analytics.read", query: analyticsQuerySchema, rateLimit: callsReadLimit },
  async ({ session, query }) =>
    respond(analyticsResponseSchema, await getAnalytics(session, query)),
);
