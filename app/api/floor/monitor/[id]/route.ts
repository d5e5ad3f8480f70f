// GET /api/floor/monitor/{id} - the session, for its manager (anyone else: 404, as for no session)
// PATCH /api/floor/monitor/{id} - its manager changes the mode ({ mode }) or takes over ({ takeOver: true })
// DELETE /api/floor/monitor/{id} - its manager or its rep ends it (idempotent)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { changeMonitor, endMonitor, monitorSession } from "@/modules/floor/lib/monitor";
import {
  monitorIdParamsSchema,
  monitorPatchBodySchema,
  monitorSessionResponseSchema,
} from "@/modules/floor/lib/monitor-schemas";
import { monitorReadLimit, monitorWriteLimit } from "@/modules/floor/lib/rate-limits";

export const GET = withUser(
  { permission: "dialing.use", params: monitorIdParamsSchema, rateLimit: monitorReadLimit },
  async ({ session, params, ip }) =>
    respond(monitorSessionResponseSchema, {
      session: await monitorSession({ session, ip }, params.id),
    }),
);

export const PATCH = withUser(
  {
    permission: "dialing.use",
    params: monitorIdParamsSchema,
    body: monitorPatchBodySchema,
    rateLimit: monitorWriteLimit,
  },
  async ({ session, params, body, ip }) =>
    respond(monitorSessionResponseSchema, {
      session: await changeMonitor({ session, ip }, params.id, body),
    }),
);

export const DELETE = withUser(
  { permission: "dialing.use", params: monitorIdParamsSchema, rateLimit: monitorWriteLimit },
  async ({ session, params, ip }) =>
    respond(monitorSessionResponseSchema, {
      session: await endMonitor({ session, ip }, params.id),
    }),
);
