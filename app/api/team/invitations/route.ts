// GET /api/team/invitations - the manager's team's pending (and expired, unanswered) invitations
// POST /api/team/invitations - invite an address ({ email, role }): a single-use, expiring link by mail
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { localeCookie } from "@/lib/i18n/config";
import {
  invitationCreateBodySchema,
  invitationResponseSchema,
  invitationsResponseSchema,
} from "@/modules/team/lib/invitation-schemas";
import { createInvitation, listInvitations } from "@/modules/team/lib/invitations";
import { teamReadLimit, teamWriteLimit } from "@/modules/team/lib/limits";

export const GET = withUser(
  { permission: "team.manage", rateLimit: teamReadLimit },
  async ({ session }) =>
    respond(invitationsResponseSchema, {
      invitations: await listInvitations(session.organizationId),
    }),
);

export const POST = withUser(
  { permission: "team.manage", body: invitationCreateBodySchema, rateLimit: teamWriteLimit },
  async ({ session, body, ip, req }) => {
    const by = {
      actor: session.username,
      organizationId: session.organizationId,
      clientIp: ip,
      sender: { userId: session.userId },
    };
    const invitation = await createInvitation(by, body, req.cookies.get(localeCookie)?.value);
    return respond(invitationResponseSchema, { invitation }, { status: 201 });
  },
);
