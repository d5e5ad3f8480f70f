// GET /api/telephony/line - the rep's own team's phone line (public settings), or { configured: false }
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { lineReadLimit } from "@/lib/telephony/limits";
import { repLine } from "@/lib/telephony/rep-line";
import { repLineResponseSchema } from "@/lib/telephony/schemas";

export const GET = withUser(
  { permission: "dialing.use", rateLimit: lineReadLimit },
  async ({ session }) => respond(repLineResponseSchema, await repLine(session)),
);
