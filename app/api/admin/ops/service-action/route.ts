// POST /api/admin/ops/service-action - start, stop or restart one allow-listed service
import { z } from "zod";
import { withOperator } from "@/lib/api/handler";
import { auditAction, json, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { resolveServiceAction, runServiceAction } from "@/modules/console/lib/services";

export const POST = withOperator(
  { body: z.unknown(), rateLimit: opsActionLimit },
  async ({ body, session, ip }) => {
    const resolved = resolveServiceAction(body);
    if (!resolved.ok) {
      // Nothing runs; the refusal is recorded without echoing the request's values.
      await auditAction(session, ip, "ops.service.refused", null, "denied", {
        reason: resolved.error,
      });
      return json({ ok: false, error: resolved.error, code: "not_allowed" }, 400);
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
    return json(outcome, outcome.ok ? 200 : outcome.code === "systemctl_unavailable" ? 503 : 502);
  },
);
