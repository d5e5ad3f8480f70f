// POST /api/telephony/authorize - the server's rules for one real call, signed for the team's SIP edge
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { authorizeCall } from "@/lib/telephony/authorize";
import { authorizeLimit } from "@/lib/telephony/limits";
import { authorizeBodySchema, authorizeResponseSchema } from "@/lib/telephony/schemas";

export const POST = withUser(
  { permission: "dialing.use", body: authorizeBodySchema, rateLimit: authorizeLimit },
  async ({ session, body }) => respond(authorizeResponseSchema, await authorizeCall(session, body)),
);
