// POST /api/admin/organizations/{organizationId}/invitations - an operator invites a team's first
// (or next) manager by email: the same single-use link a manager's invitation mails
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import {
  managerInvitationBodySchema,
  organizationParamsSchema,
} from "@/lib/accounts/organization-schemas";
import { getDb } from "@/lib/db/client";
import { localeCookie } from "@/lib/i18n/config";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { invitationResponseSchema } from "@/modules/team/lib/invitation-schemas";
import { createInvitation } from "@/modules/team/lib/invitations";

export const POST = withOperator(
  {
    params: organizationParamsSchema,
    body: managerInvitationBodySchema,
    rateLimit: opsActionLimit,
  },
  async ({ params, body, session, ip, req }) => {
    const db = await getDb();
    const org = await db.organization.findUnique({
      where: { id: params.organizationId },
      select: { id: true },
    });
    if (!org) {
      throw new ApiError("not_found", "No such organization", { code: "organization_not_found" });
    }
    const by = {
      actor: session.username,
      organizationId: org.id,
      clientIp: ip,
      sender: { operatorId: session.operatorId },
    };
    const invitation = await createInvitation(
      db,
      by,
      { email: body.email, role: "manager" },
      req.cookies.get(localeCookie)?.value,
    );
    return respond(invitationResponseSchema, { invitation }, { status: 201 });
  },
);
