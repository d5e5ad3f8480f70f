// POST /api/dialing/preview - do-not-call, reservations by colleagues and recent team calls for a session's places
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { dialLimit } from "@/modules/power-dial/lib/limits";
import { previewSession } from "@/modules/power-dial/lib/preview";
import { previewBodySchema, previewResponseSchema } from "@/modules/power-dial/lib/schemas";

export const POST = withUser(
  { permission: "dialing.use", body: previewBodySchema, rateLimit: dialLimit },
  async ({ session, body }) => respond(previewResponseSchema, await previewSession(session, body)),
);
