// GET /api/callbacks?scope=mine|team&days= - the rep's (or the team's) overdue and coming
// appointments and callbacks, soonest first, with the business each is for
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { listCallbacks } from "@/modules/records/lib/callbacks";
import { recordsReadLimit } from "@/modules/records/lib/limits";
import { callbacksQuerySchema, callbacksResponseSchema } from "@/modules/records/lib/schemas";

export const GET = withUser(
  { permission: "targets.work", query: callbacksQuerySchema, rateLimit: recordsReadLimit },
  async ({ session, query }) =>
    respond(callbacksResponseSchema, await listCallbacks(session, query)),
);
