// PUT /api/floor/presence - a rep's browser says what its dialer is doing (on change, and every 20 s)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { presenceWriteLimit } from "@/modules/floor/lib/rate-limits";
import { reportPresence } from "@/modules/floor/lib/presence-store";
import { presenceBodySchema, presenceResponseSchema } from "@/modules/floor/lib/schemas";

export const PUT = withUser(
  { permission: "dialing.use", body: presenceBodySchema, rateLimit: presenceWriteLimit },
  async ({ session, body }) => {
    await reportPresence(session.organizationId, session.userId, body);
    return respond(presenceResponseSchema, { ok: true });
  },
);
