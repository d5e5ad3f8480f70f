// POST /api/telephony/authorize - the server's rules for one real call, signed for the team's SIP edge
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { authorizeCall } from "@/modules/telephony/lib/authorize";
import { authorizeLimit } from "@/modules/telephony/lib/limits";
import { authorizeBodySchema, authorizeResponseSchema } from "@/modules/telephony/lib/schemas";

export const POST = withUser(
  { permission: "dialing.use", body: authorizeBodySchema, rateLimit: authorizeLimit },
  async ({ session, body }) => respond(authorizeResponseSchema, await authorizeCall(session, body)),
);
