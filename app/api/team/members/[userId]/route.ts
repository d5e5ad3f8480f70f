// PATCH /api/team/members/{userId} - a manager changes a member's role ({ role }) or deactivates or
// reactivates them ({ status }); deactivating ends their sessions at once, their records stay
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { teamWriteLimit } from "@/modules/team/lib/limits";
import { updateMember } from "@/modules/team/lib/members";
import {
  memberParamsSchema,
  memberPatchBodySchema,
  memberResponseSchema,
} from "@/modules/team/lib/schemas";

export const PATCH = withUser(
  {
    permission: "team.manage",
    params: memberParamsSchema,
    body: memberPatchBodySchema,
    rateLimit: teamWriteLimit,
  },
  async ({ session, params, body, ip }) => {
    const by = { actor: session.username, organizationId: session.organizationId, clientIp: ip };
    return respond(memberResponseSchema, { member: await updateMember(by, params.userId, body) });
  },
);
