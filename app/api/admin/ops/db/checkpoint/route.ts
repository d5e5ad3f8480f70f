// POST /api/admin/ops/db/checkpoint - runs CHECKPOINT on the database
import { withOperator } from "@/lib/api/handler";
import { checkpoint } from "@/modules/console/lib/database";
import { auditAction, json, opsActionLimit } from "@/modules/console/lib/route-helpers";

export const POST = withOperator({ rateLimit: opsActionLimit }, async ({ session, ip }) => {
  const result = await checkpoint();
  await auditAction(
    session,
    ip,
    "ops.db.checkpoint",
    "database",
    result.ok ? "success" : "failure",
  );
  return json(result, result.ok ? 200 : 500);
});
