// GET /api/floor/monitor/requests - the signed-in rep's active monitoring sessions (normally 0 or 1)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { monitorRequests } from "@/modules/floor/lib/monitor";
import { monitorRequestsResponseSchema } from "@/modules/floor/lib/monitor-schemas";
import { monitorReadLimit } from "@/modules/floor/lib/rate-limits";

export const GET = withUser(
  { permission: "dialing.use", rateLimit: monitorReadLimit },
  async ({ session, ip }) =>
    respond(monitorRequestsResponseSchema, { requests: await monitorRequests({ session, ip }) }),
);
