// GET /api/calls/search?q= - Call History: the team's calls by id, number (any formatting) or agent
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { callSearchQuerySchema, callsResponseSchema } from "@/modules/calls/lib/schemas";
import { searchCalls } from "@/modules/calls/lib/search";

export const GET = withUser(
  { permission: "calls.work", query: callSearchQuerySchema, rateLimit: callsReadLimit },
  async ({ session, query }) =>
    respond(callsResponseSchema, { calls: await searchCalls(session, query.q) }),
);
