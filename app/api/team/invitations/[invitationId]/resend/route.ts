// POST /api/team/invitations/{invitationId}/resend - mail a new link (the old one stops working)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { localeCookie } from "@/lib/i18n/config";
import {
  invitationParamsSchema,
  invitationResponseSchema,
} from "@/modules/team/lib/invitation-schemas";
import { resendInvitation } from "@/modules/team/lib/invitations";
import { teamWriteLimit } from "@/modules/team/lib/limits";

export const POST = withUser(
  { permission: "team.manage", params: invitationParamsSchema, rateLimit: teamWriteLimit },
  async ({ session, params, ip, req }) => {
    const by = { actor: session.username, organizationId: session.organizationId, clientIp: ip };
    const invitation = await resendInvitation(
      by,
      params.invitationId,
      req.cookies.get(localeCookie)?.value,
    );
    return respond(invitationResponseSchema, { invitation });
  },
);
