// DELETE /api/team/members/{userId}/two-factor - a manager resets a member's second factor (lost
// phone and recovery codes): the member signs in with the password and enrols again; audited, mailed
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { teamWriteLimit } from "@/modules/team/lib/limits";
import { resetMemberTwoFactor } from "@/modules/team/lib/members";
import { memberParamsSchema, memberResponseSchema } from "@/modules/team/lib/schemas";

export const DELETE = withUser(
  { permission: "team.manage", params: memberParamsSchema, rateLimit: teamWriteLimit },
  async ({ session, params, ip }) => {
    const by = {
      actor: session.username,
      userId: session.userId,
      organizationId: session.organizationId,
      clientIp: ip,
    };
    const member = await resetMemberTwoFactor(by, params.userId);
    return respond(memberResponseSchema, { member });
  },
);
