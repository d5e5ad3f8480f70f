// POST /api/admin/ops/cache/clear - empties the server's in-memory caches and says which
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditAction, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { clearServerCaches } from "@/lib/server-caches";
import { cacheClearResponseSchema } from "@/modules/console/lib/schemas";

export const POST = withOperator({ rateLimit: opsActionLimit }, async ({ session, ip }) => {
  const cleared = clearServerCaches();
  await auditAction(session, ip, "ops.cache.clear", "server-caches", "success", { cleared });
  return respond(cacheClearResponseSchema, { ok: true, cleared });
});
