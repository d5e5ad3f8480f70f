// PATCH, DELETE /api/admin/telephony/{organizationId}/caller-ids/{callerIdId} - make a team's caller ID its default, or remove it
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import {
  callerIdParamsSchema,
  callerIdPatchSchema,
} from "@/modules/telephony/lib/caller-id-schemas";
import { removeCallerId, setDefaultCallerId } from "@/modules/telephony/lib/caller-ids";
import { telephonyOrganizationResponseSchema } from "@/modules/telephony/lib/schemas";

export const PATCH = withOperator(
  { params: callerIdParamsSchema, body: callerIdPatchSchema, rateLimit: opsActionLimit },
  async ({ params, session, ip }) => {
    const { organizationId, callerIdId } = params;
    const saved = await setDefaultCallerId(organizationId, callerIdId);
    await auditAction(session, ip, "telephony.caller_id.default", organizationId, "success", {
      organization: saved.organization.name,
      number: saved.number,
    });
    return respond(telephonyOrganizationResponseSchema, { organization: saved.organization });
  },
);

export const DELETE = withOperator(
  { params: callerIdParamsSchema, rateLimit: opsActionLimit },
  async ({ params, session, ip }) => {
    const { organizationId, callerIdId } = params;
    const removed = await removeCallerId(organizationId, callerIdId);
    await auditAction(session, ip, "telephony.caller_id.remove", organizationId, "success", {
      organization: removed.organization.name,
      number: removed.number,
      newDefault: removed.promoted,
    });
    return respond(telephonyOrganizationResponseSchema, { organization: removed.organization });
  },
);
