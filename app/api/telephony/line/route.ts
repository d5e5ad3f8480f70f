// GET /api/telephony/line - the rep's own team's phone line (public settings), or { configured: false }
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { lineReadLimit } from "@/modules/telephony/lib/limits";
import { repLine } from "@/modules/telephony/lib/rep-line";
import { repLineResponseSchema } from "@/modules/telephony/lib/schemas";

export const GET = withUser(
  { permission: "dialing.use", rateLimit: lineReadLimit },
  async ({ session }) => respond(repLineResponseSchema, await repLine(session)),
);
