// POST /api/admin/ops/cache/clear - empties the server's in-memory caches and says which
import { withOperator } from "@/lib/api/handler";
import { auditAction, json, opsActionLimit } from "@/modules/console/lib/route-helpers";
import { clearServerCaches } from "@/lib/server-caches";

export const POST = withOperator({ rateLimit: opsActionLimit }, async ({ session, ip }) => {
  const cleared = clearServerCaches();
  await auditAction(session, ip, "ops.cache.clear", "server-caches", "success", { cleared });
  return json({ ok: true, cleared });
});
