// GET /api/calls?scope=&from=&to=&disposition=&cursor=&limit= - one page of the Call Log, newest first
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/lib/calls/limits";
import { listCalls } from "@/lib/calls/list";
import { callListQuerySchema, callListResponseSchema } from "@/lib/calls/schemas";

export const GET = withUser(
  { query: callListQuerySchema, rateLimit: callsReadLimit },
  async ({ session, query }) => respond(callListResponseSchema, await listCalls(session, query)),
);
