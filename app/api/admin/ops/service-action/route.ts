// POST /api/admin/ops/service-action - start, stop or restart one allow-listed service
import { z } from "zod";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { resolveServiceAction, runServiceAction } from "@/modules/console/lib/services";
import { serviceActionResponseSchema } from "@/modules/console/lib/schemas";

export const POST = withOperator(
  { body: z.unknown(), rateLimit: opsActionLimit },
  async ({ body, session, ip }) => {
    const resolved = resolveServiceAction(body);
    if (!resolved.ok) {
      // Nothing runs; the refusal is recorded without echoing the request's values.
      await auditAction(session, ip, "ops.service.refused", null, "denied", {
        reason: resolved.error,
      });
      return respond(
        serviceActionResponseSchema,
        { ok: false, error: resolved.error, code: "not_allowed" },
        { status: 400 },
      );
    }
    const { action, entry } = resolved;
    const outcome = await runServiceAction(action, entry);
    await auditAction(
      session,
      ip,
      `ops.service.${action}`,
      entry.unit,
      outcome.ok ? "success" : outcome.code === "systemctl_unavailable" ? "error" : "failure",
      outcome.ok ? undefined : { error: outcome.error ?? null },
    );
    const status = outcome.ok ? 200 : outcome.code === "systemctl_unavailable" ? 503 : 502;
    return respond(serviceActionResponseSchema, outcome, { status });
  },
);
