// GET /api/floor?since= - the live floor: each member's presence and today's figures (managers)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { teamFloor } from "@/modules/floor/lib/floor";
import { floorQuerySchema, floorResponseSchema } from "@/modules/floor/lib/schemas";

/** Midnight UTC of `now`: "today" when the browser does not say where its day starts. */
function utcMidnight(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export const GET = withUser(
  { permission: "team.floor", query: floorQuerySchema, rateLimit: callsReadLimit },
  async ({ session, query, ip }) => {
    const now = new Date();
    const since = query.since ? new Date(query.since) : utcMidnight(now);
    return respond(floorResponseSchema, await teamFloor(session, since, now, ip));
  },
);
