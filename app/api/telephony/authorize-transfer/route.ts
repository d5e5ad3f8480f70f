// POST /api/telephony/authorize-transfer - a blind transfer to a teammate, signed for the team's SIP edge
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { authorizeTransfer } from "@/modules/telephony/lib/authorize-transfer";
import { authorizeLimit } from "@/modules/telephony/lib/limits";
import {
  authorizeTransferBodySchema,
  authorizeTransferResponseSchema,
} from "@/modules/telephony/lib/schemas";

export const POST = withUser(
  { permission: "dialing.use", body: authorizeTransferBodySchema, rateLimit: authorizeLimit },
  async ({ session, body }) =>
    respond(authorizeTransferResponseSchema, await authorizeTransfer(session, body)),
);
