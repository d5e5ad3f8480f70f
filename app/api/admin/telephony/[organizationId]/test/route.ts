// POST /api/admin/telephony/{organizationId}/test - REGISTER with minted credentials, from the server
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction } from "@/modules/console/lib/route-helpers";
import { lineTestLimit } from "@/modules/telephony/lib/limits";
import { lineOf, testOrganizationLine } from "@/modules/telephony/lib/lines";
import { lineTestResultSchema, organizationParamsSchema } from "@/modules/telephony/lib/schemas";

export const POST = withOperator(
  { params: organizationParamsSchema, rateLimit: lineTestLimit },
  async ({ params, session, ip }) => {
    const row = await lineOf(params.organizationId);
    if (!row) {
      throw new ApiError("not_found", "This organization has no phone line", {
        code: "telephony_not_configured",
      });
    }
    const result = await testOrganizationLine(row);
    const { code, status, connected, registered, totalMs } = result;
    await auditAction(
      session,
      ip,
      "telephony.line.test",
      params.organizationId,
      result.ok ? "success" : "failure",
      { code, status, connected, registered, totalMs, safe: result.safety?.safe ?? null },
    );
    // The test ran: its verdict is the answer, whatever it is.
    return respond(lineTestResultSchema, result);
  },
);
