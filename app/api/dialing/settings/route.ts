// GET /api/dialing/settings - countdown, reservation time and the organization's calling window
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { dialLimit } from "@/lib/dialing/limits";
import { dialSettings } from "@/lib/dialing/preview";
import { dialSettingsSchema } from "@/lib/dialing/schemas";

export const GET = withUser({ permission: "dialing.use", rateLimit: dialLimit }, async () =>
  respond(dialSettingsSchema, dialSettings()),
);
