// POST /api/admin/organizations/{organizationId}/invitations - an operator invites a team's first
// (or next) manager by email: the same single-use link a manager's invitation mails
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import {
  managerInvitationBodySchema,
  organizationParamsSchema,
} from "@/lib/accounts/organization-schemas";
import { localeCookie } from "@/lib/i18n/config";
import { inviteManager } from "@/modules/console/lib/organizations";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { invitationResponseSchema } from "@/modules/team/lib/invitation-schemas";

export const POST = withOperator(
  {
    params: organizationParamsSchema,
    body: managerInvitationBodySchema,
    rateLimit: opsActionLimit,
  },
  async ({ params, body, session, ip, req }) => {
    const invitation = await inviteManager(
      { session, ip },
      params.organizationId,
      body.email,
      req.cookies.get(localeCookie)?.value,
    );
    return respond(invitationResponseSchema, { invitation }, { status: 201 });
  },
);
