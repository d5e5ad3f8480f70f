// PUT /api/calls/{id}/disposition - the rep's outcome of their call (with a sale's amount or a callback's time)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { publishTeamChange } from "@/lib/live/bus";
import { setDisposition } from "@/modules/calls/lib/disposition";
import { callsWriteLimit } from "@/modules/calls/lib/limits";
import {
  callIdSchema,
  callResponseSchema,
  dispositionBodySchema,
} from "@/modules/calls/lib/schemas";

export const PUT = withUser(
  {
    permission: "calls.work",
    params: z.object({ id: callIdSchema }),
    body: dispositionBodySchema,
    rateLimit: callsWriteLimit,
  },
  async ({ session, params, body }) => {
    const call = await setDisposition(session, params.id, body);
    await publishTeamChange(session.organizationId, { topic: "calls", by: session.userId });
    return respond(callResponseSchema, { call });
  },
);
