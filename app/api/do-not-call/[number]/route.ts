// DELETE /api/do-not-call/{number} - take an E.164 number off the organization's list
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { removeDnc } from "@/lib/dialing/do-not-call";
import { dncWriteLimit } from "@/lib/dialing/limits";
import { dncNumberParamsSchema, releaseResponseSchema } from "@/lib/dialing/schemas";

export const DELETE = withUser(
  { permission: "doNotCall.remove", params: dncNumberParamsSchema, rateLimit: dncWriteLimit },
  async ({ session, params }) => {
    await removeDnc(session, params.number);
    return respond(releaseResponseSchema, { released: true });
  },
);
