// GET /api/dialing/settings - countdown, reservation time and the organization's calling window
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { dialLimit } from "@/modules/power-dial/lib/limits";
import { dialSettings } from "@/modules/power-dial/lib/preview";
import { dialSettingsSchema } from "@/modules/power-dial/lib/schemas";

export const GET = withUser({ permission: "dialing.use", rateLimit: dialLimit }, async () =>
  respond(dialSettingsSchema, dialSettings()),
);
