// DELETE /api/team/invitations/{invitationId} - revoke a pending invitation: its link stops working
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { invitationParamsSchema } from "@/modules/team/lib/invitation-schemas";
import { revokeInvitation } from "@/modules/team/lib/invitations";
import { teamWriteLimit } from "@/modules/team/lib/limits";
import { z } from "zod";

export const DELETE = withUser(
  { permission: "team.manage", params: invitationParamsSchema, rateLimit: teamWriteLimit },
  async ({ session, params, ip }) => {
    const by = { actor: session.username, organizationId: session.organizationId, clientIp: ip };
    await revokeInvitation(by, params.invitationId);
    return respond(z.object({ revoked: z.literal(true) }), { revoked: true });
  },
);
