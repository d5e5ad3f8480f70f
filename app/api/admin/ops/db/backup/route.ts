// POST /api/admin/ops/db/backup - writes a dated backup into OPS_BACKUP_DIR, keeps the newest
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { backup } from "@/modules/console/lib/database";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { backupResponseSchema } from "@/modules/console/lib/schemas";

export const POST = withOperator({ rateLimit: opsActionLimit }, async ({ session, ip }) => {
  const result = await backup();
  await auditAction(
    session,
    ip,
    "ops.db.backup",
    result.ok ? result.file.name : "database",
    result.ok ? "success" : "failure",
    result.ok ? { size: result.file.size, removed: result.removed } : { error: result.error },
  );
  return respond(backupResponseSchema, result, { status: result.ok ? 200 : 500 });
});
