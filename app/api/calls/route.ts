// GET /api/calls?scope=&from=&to=&disposition=&cursor=&limit= - one page of the Call Log, newest first
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { listCalls } from "@/modules/calls/lib/list";
import { callListResponseSchema, callListQuerySchema } from "@/modules/calls/lib/schemas";

// No per-request limiter here: a page is one bounded indexed read (at most 100 rows at a
// keyset position) of the rep's own team, while the database-counted limiter would add a
// write to every page. Search, stats and exports, which can cost more, keep theirs.
export const GET = withUser(
  { permission: "calls.work", query: callListQuerySchema },
  async ({ session, query }) => respond(callListResponseSchema, await listCalls(session, query)),
);
