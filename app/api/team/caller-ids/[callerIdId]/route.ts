// PATCH, DELETE /api/team/caller-ids/{callerIdId} - a manager makes one of their organization's
// caller IDs its default, or removes it (another organization's: 404)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditCallerId, poolOf, teamCallerIdParamsSchema } from "@/modules/team/lib/caller-ids";
import { teamWriteLimit } from "@/modules/team/lib/limits";
import {
  callerIdPatchSchema,
  teamCallerIdsResponseSchema,
} from "@/modules/telephony/lib/caller-id-schemas";
import { removeCallerId, setDefaultCallerId } from "@/modules/telephony/lib/caller-ids";

const options = {
  permission: "organization.callerIds",
  params: teamCallerIdParamsSchema,
  rateLimit: teamWriteLimit,
} as const;

export const PATCH = withUser(
  { ...options, body: callerIdPatchSchema },
  async ({ session, params, ip }) => {
    const saved = await setDefaultCallerId(session.organizationId, params.callerIdId);
    await auditCallerId(session, ip, "telephony.caller_id.default", { number: saved.number });
    return respond(teamCallerIdsResponseSchema, poolOf(saved.organization));
  },
);

export const DELETE = withUser(options, async ({ session, params, ip }) => {
  const removed = await removeCallerId(session.organizationId, params.callerIdId);
  await auditCallerId(session, ip, "telephony.caller_id.remove", {
    number: removed.number,
    newDefault: removed.promoted,
  });
  return respond(teamCallerIdsResponseSchema, poolOf(removed.organization));
});
