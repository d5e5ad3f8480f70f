// POST /api/admin/ops/build-deploy - runs the configured build then deploy, one run at a time
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { runBuildDeploy } from "@/modules/console/lib/build-deploy";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { buildDeployResponseSchema, opsRefusalSchema } from "@/modules/console/lib/schemas";

export const POST = withOperator({ rateLimit: opsActionLimit }, async ({ session, ip }) => {
  const result = await runBuildDeploy(session.username);
  if ("refused" in result) {
    await auditAction(session, ip, "ops.build-deploy", "build-deploy", "denied", {
      reason: result.refused,
    });
    const status = result.refused === "busy" ? 409 : 400;
    return respond(
      opsRefusalSchema,
      { ok: false, error: result.message, code: result.refused },
      { status },
    );
  }
  await auditAction(
    session,
    ip,
    "ops.build-deploy",
    "build-deploy",
    result.ok ? "success" : "failure",
    { ms: result.ms, error: result.error, assets: result.assets.length },
  );
  return respond(buildDeployResponseSchema, result, { status: result.ok ? 200 : 500 });
});
