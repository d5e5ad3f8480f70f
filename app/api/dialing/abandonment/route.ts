// GET /api/dialing/abandonment - the team's parallel dialing rules, the edge's lines and its abandonment rates (24 h, 30 days)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { abandonmentOf } from "@/modules/power-dial/lib/abandonment";
import { dialLimit } from "@/modules/power-dial/lib/limits";
import { abandonmentResponseSchema } from "@/modules/power-dial/lib/schemas";

export const GET = withUser(
  { permission: "dialing.use", rateLimit: dialLimit },
  async ({ session }) =>
    respond(abandonmentResponseSchema, await abandonmentOf(session.organizationId)),
);
