// GET, PUT, DELETE /api/admin/telephony/{organizationId} - read, save or remove a team's phone line
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction, opsActionLimit, opsReadLimit } from "@/modules/console/lib/route-helpers";
import {
  auditSettings,
  organizationTelephony,
  removeLine,
  saveLine,
} from "@/modules/telephony/lib/lines";
import {
  lineRemovedResponseSchema,
  lineSettingsBodySchema,
  organizationParamsSchema,
  telephonyOrganizationResponseSchema,
} from "@/modules/telephony/lib/schemas";

const params = organizationParamsSchema;

export const GET = withOperator({ params, rateLimit: opsReadLimit }, async ({ params }) =>
  respond(telephonyOrganizationResponseSchema, {
    organization: await organizationTelephony(params.organizationId),
  }),
);

export const PUT = withOperator(
  // Parsed here rather than by the wrapper, so that a refused change is audited too (by the
  // names of the fields it got wrong: never their values, one of which may be the secret).
  { params, body: z.unknown(), rateLimit: opsActionLimit },
  async ({ params, body, session, ip }) => {
    const target = params.organizationId;
    const parsed = lineSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "body"))];
      await auditAction(session, ip, "telephony.line.refused", target, "failure", { fields });
      throw parsed.error;
    }
    let saved: Awaited<ReturnType<typeof saveLine>>;
    try {
      saved = await saveLine(target, session.username, parsed.data);
    } catch (err) {
      if (err instanceof ApiError) {
        await auditAction(session, ip, "telephony.line.refused", target, "failure", {
          code: err.code,
        });
      }
      throw err;
    }
    await auditAction(
      session,
      ip,
      saved.created ? "telephony.line.create" : "telephony.line.update",
      target,
      "success",
      {
        organization: saved.organization.name,
        changed: saved.changed,
        ...auditSettings(saved.settings),
      },
    );
    return respond(
      telephonyOrganizationResponseSchema,
      { organization: saved.organization },
      { status: saved.created ? 201 : 200 },
    );
  },
);

export const DELETE = withOperator(
  { params, rateLimit: opsActionLimit },
  async ({ params, session, ip }) => {
    await removeLine(params.organizationId);
    await auditAction(session, ip, "telephony.line.delete", params.organizationId, "success");
    return respond(lineRemovedResponseSchema, {
      organizationId: params.organizationId,
      removed: true,
    });
  },
);
