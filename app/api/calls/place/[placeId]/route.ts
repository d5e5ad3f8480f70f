// GET /api/calls/place/{placeId} - the team's calls to one business, newest first (the drawer's Call Logs)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { callsResponseSchema, placeIdSchema } from "@/modules/calls/lib/schemas";
import { placeCalls } from "@/modules/calls/lib/stats";

export const GET = withUser(
  {
    permission: "calls.work",
    params: z.object({ placeId: placeIdSchema }),
    rateLimit: callsReadLimit,
  },
  async ({ session, params }) =>
    respond(callsResponseSchema, { calls: await placeCalls(session, params.placeId) }),
);
