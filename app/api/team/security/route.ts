// PATCH /api/team/security - a manager requires (or stops requiring) two-factor sign-in of every
// member of the organization; requiring it takes the manager's own second factor first
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { teamWriteLimit } from "@/modules/team/lib/limits";
import { setRequireTwoFactor } from "@/modules/team/lib/members";
import { teamSecurityBodySchema, teamSecurityResponseSchema } from "@/modules/team/lib/schemas";

export const PATCH = withUser(
  { permission: "organization.security", body: teamSecurityBodySchema, rateLimit: teamWriteLimit },
  async ({ session, body, ip }) => {
    const by = {
      actor: session.username,
      userId: session.userId,
      organizationId: session.organizationId,
      clientIp: ip,
    };
    return respond(
      teamSecurityResponseSchema,
      await setRequireTwoFactor(by, body.requireTwoFactor),
    );
  },
);
