// POST /api/admin/ops/db/checkpoint - runs CHECKPOINT on the database
import { withOperator } from "@/lib/api/handler";
import { checkpoint } from "@/lib/ops/database";
import { auditAction, json, opsActionLimit } from "@/lib/ops/route-helpers";

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
