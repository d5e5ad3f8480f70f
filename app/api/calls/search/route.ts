// GET /api/calls/search?q= - Call History: the team's calls by id, number (any formatting) or agent
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/lib/calls/limits";
import { callSearchQuerySchema, callsResponseSchema } from "@/lib/calls/schemas";
import { searchCalls } from "@/lib/calls/search";

export const GET = withUser(
  { permission: "calls.work", query: callSearchQuerySchema, rateLimit: callsReadLimit },
  async ({ session, query }) =>
    respond(callsResponseSchema, { calls: await searchCalls(session, query.q) }),
);
