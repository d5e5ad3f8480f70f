// PUT /api/calls/{id}/disposition - the rep's outcome of their call (with a sale's amount or a callback's time)
import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { setDisposition } from "@/lib/calls/disposition";
import { callsWriteLimit } from "@/lib/calls/limits";
import { callIdSchema, callResponseSchema, dispositionBodySchema } from "@/lib/calls/schemas";

export const PUT = withUser(
  {
    permission: "calls.work",
    params: z.object({ id: callIdSchema }),
    body: dispositionBodySchema,
    rateLimit: callsWriteLimit,
  },
  async ({ session, params, body }) => {
    return respond(callResponseSchema, { call: await setDisposition(session, params.id, body) });
  },
);
