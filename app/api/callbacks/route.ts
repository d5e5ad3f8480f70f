// GET /api/callbacks?scope=mine|team&days= - the rep's (or the team's) overdue and coming
// appointments and callbacks, soonest first, with the business each is for
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { listCallbacks } from "@/lib/records/callbacks";
import { recordsReadLimit } from "@/lib/records/limits";
import { callbacksQuerySchema, callbacksResponseSchema } from "@/lib/records/schemas";

export const GET = withUser(
  { permission: "targets.work", query: callbacksQuerySchema, rateLimit: recordsReadLimit },
  async ({ session, query }) =>
    respond(callbacksResponseSchema, await listCallbacks(session, query)),
);
