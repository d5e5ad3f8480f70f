// PUT /api/floor/monitor/{id}/answer - the rep's browser answers the manager's offer ({ answer: SDP })
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { answerMonitor } from "@/modules/floor/lib/monitor";
import {
  monitorAnswerBodySchema,
  monitorIdParamsSchema,
  monitorSessionResponseSchema,
} from "@/modules/floor/lib/monitor-schemas";
import { monitorWriteLimit } from "@/modules/floor/lib/rate-limits";

export const PUT = withUser(
  {
    permission: "dialing.use",
    params: monitorIdParamsSchema,
    body: monitorAnswerBodySchema,
    rateLimit: monitorWriteLimit,
  },
  async ({ session, params, body, ip }) =>
    respond(monitorSessionResponseSchema, {
      session: await answerMonitor({ session, ip }, params.id, body),
    }),
);
