// POST /api/admin/telephony/{organizationId}/caller-ids/{callerIdId}/verify - an operator approves
// a number a team's manager added, after checking the team may present it; until then no call
// presents it
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { callerIdParamsSchema } from "@/modules/telephony/lib/caller-id-schemas";
import { verifyCallerId } from "@/modules/telephony/lib/caller-ids";
import { telephonyOrganizationResponseSchema } from "@/modules/telephony/lib/schemas";

export const POST = withOperator(
  { params: callerIdParamsSchema, rateLimit: opsActionLimit },
  async ({ params, session, ip }) => {
    const { organizationId, callerIdId } = params;
    const verified = await verifyCallerId(organizationId, callerIdId, session.username);
    if (verified.changed) {
      await auditAction(session, ip, "telephony.caller_id.verify", organizationId, "success", {
        organization: verified.organization.name,
        number: verified.number,
      });
    }
    return respond(telephonyOrganizationResponseSchema, { organization: verified.organization });
  },
);
