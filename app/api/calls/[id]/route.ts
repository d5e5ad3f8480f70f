// PUT /api/calls/{id} - record a call under its client-generated id (201), complete it later (200)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { publishTeamChange } from "@/lib/live/bus";
import { callsWriteLimit } from "@/modules/calls/lib/limits";
import { recordCall } from "@/modules/calls/lib/record";
import {
  callPutBodySchema,
  callResponseSchema,
  newCallIdSchema,
} from "@/modules/calls/lib/schemas";

export const PUT = withUser(
  {
    permission: "calls.work",
    params: z.object({ id: newCallIdSchema }),
    body: callPutBodySchema,
    rateLimit: callsWriteLimit,
  },
  async ({ session, params, body }) => {
    const { created, call } = await recordCall(session, params.id, body);
    await publishTeamChange(session.organizationId, { topic: "calls", by: session.userId });
    return respond(callResponseSchema, { call }, { status: created ? 201 : 200 });
  },
);
