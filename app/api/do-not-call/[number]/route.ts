// DELETE /api/do-not-call/{number} - take an E.164 number off the organization's list
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { publishTeamChange } from "@/lib/live/bus";
import { removeDnc } from "@/modules/do-not-call/lib/do-not-call";
import { dncWriteLimit } from "@/modules/do-not-call/lib/limits";
import { dncNumberParamsSchema, dncRemoveResponseSchema } from "@/modules/do-not-call/lib/schemas";

export const DELETE = withUser(
  { permission: "doNotCall.remove", params: dncNumberParamsSchema, rateLimit: dncWriteLimit },
  async ({ session, params }) => {
    await removeDnc(session, params.number);
    await publishTeamChange(session.organizationId, { topic: "do-not-call", by: session.userId });
    return respond(dncRemoveResponseSchema, { released: true });
  },
);
