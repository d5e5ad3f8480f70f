// GET /api/team/caller-ids - the manager's organization's caller-ID pool
// POST /api/team/caller-ids - a manager adds a number to it ({ number, region?, isDefault? }),
// presented on calls once an operator approves it in the console
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditCallerId, poolOf } from "@/modules/team/lib/caller-ids";
import { teamReadLimit, teamWriteLimit } from "@/modules/team/lib/limits";
import {
  callerIdBodySchema,
  teamCallerIdsResponseSchema,
} from "@/modules/telephony/lib/caller-id-schemas";
import { addCallerId } from "@/modules/telephony/lib/caller-ids";
import { organizationTelephony } from "@/modules/telephony/lib/lines";

export const GET = withUser(
  { permission: "organization.callerIds", rateLimit: teamReadLimit },
  async ({ session }) =>
    respond(
      teamCallerIdsResponseSchema,
      poolOf(await organizationTelephony(session.organizationId)),
    ),
);

export const POST = withUser(
  { permission: "organization.callerIds", body: callerIdBodySchema, rateLimit: teamWriteLimit },
  async ({ session, body, ip }) => {
    // Waits for an operator's approval before any call presents it.
    const added = await addCallerId(
      session.organizationId,
      { username: session.username, operator: false },
      body,
    );
    const row = added.organization.callerIds.find((c) => c.id === added.id);
    await auditCallerId(session, ip, "telephony.caller_id.add", {
      number: body.number,
      region: row?.region ?? null,
      isDefault: row?.isDefault ?? false,
    });
    return respond(teamCallerIdsResponseSchema, poolOf(added.organization), { status: 201 });
  },
);
