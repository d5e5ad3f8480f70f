// POST /api/floor/monitor - a manager starts listening to, whispering to or joining a rep's live call
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { startMonitor } from "@/modules/floor/lib/monitor";
import {
  monitorSessionResponseSchema,
  monitorStartBodySchema,
} from "@/modules/floor/lib/monitor-schemas";
import { monitorStartLimit } from "@/modules/floor/lib/rate-limits";

export const POST = withUser(
  { permission: "team.monitor", body: monitorStartBodySchema, rateLimit: monitorStartLimit },
  async ({ session, body, ip }) =>
    respond(
      monitorSessionResponseSchema,
      { session: await startMonitor({ session, ip }, body) },
      { status: 201 },
    ),
);
