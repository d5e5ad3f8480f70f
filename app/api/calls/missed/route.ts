// GET /api/calls/missed?cursor=&limit= - one page of the rep's missed calls, newest first
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { listMissedCalls } from "@/modules/calls/lib/missed";
import { missedCallsQuerySchema, missedCallsResponseSchema } from "@/modules/calls/lib/schemas";

// No per-request limiter, as for the Call Log (GET /api/calls): a page is one bounded indexed
// read of the rep's own calls plus one grouped read of the team's calls to at most 100 numbers.
export const GET = withUser(
  { permission: "calls.work", query: missedCallsQuerySchema },
  async ({ session, query }) =>
    respond(missedCallsResponseSchema, await listMissedCalls(session, query)),
);
