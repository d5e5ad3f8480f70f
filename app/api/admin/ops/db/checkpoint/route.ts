// POST /api/admin/ops/db/checkpoint - runs CHECKPOINT on the database
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { checkpoint } from "@/modules/console/lib/database";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { checkpointResponseSchema } from "@/modules/console/lib/schemas";

export const POST = withOperator({ rateLimit: opsActionLimit }, async ({ session, ip }) => {
  const result = await checkpoint();
  await auditAction(
    session,
    ip,
    "ops.db.checkpoint",
    "database",
    result.ok ? "success" : "failure",
  );
  return respond(checkpointResponseSchema, result, { status: result.ok ? 200 : 500 });
});
