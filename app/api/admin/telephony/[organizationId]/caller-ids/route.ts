// POST /api/admin/telephony/{organizationId}/caller-ids - add a caller ID to a team's pool
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { callerIdBodySchema } from "@/modules/telephony/lib/caller-id-schemas";
import { addCallerId } from "@/modules/telephony/lib/caller-ids";
import {
  organizationParamsSchema,
  telephonyOrganizationResponseSchema,
} from "@/modules/telephony/lib/schemas";

export const POST = withOperator(
  // Parsed here rather than by the wrapper, so that a refused number is audited too.
  { params: organizationParamsSchema, body: z.unknown(), rateLimit: opsActionLimit },
  async ({ params, body, session, ip }) => {
    const target = params.organizationId;
    const parsed = callerIdBodySchema.safeParse(body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "body"))];
      await auditAction(session, ip, "telephony.caller_id.refused", target, "failure", { fields });
      throw parsed.error;
    }
    let added: Awaited<ReturnType<typeof addCallerId>>;
    try {
      added = await addCallerId(
        target,
        { username: session.username, operator: true },
        parsed.data,
      );
    } catch (err) {
      if (err instanceof ApiError) {
        await auditAction(session, ip, "telephony.caller_id.refused", target, "failure", {
          code: err.code,
          number: parsed.data.number,
        });
      }
      throw err;
    }
    const row = added.organization.callerIds.find((c) => c.id === added.id);
    await auditAction(session, ip, "telephony.caller_id.add", target, "success", {
      organization: added.organization.name,
      number: parsed.data.number,
      region: row?.region ?? null,
      isDefault: row?.isDefault ?? false,
    });
    return respond(
      telephonyOrganizationResponseSchema,
      { organization: added.organization },
      { status: 201 },
    );
  },
);
