// GET /api/admin/ops/audit-tail?lines= - the newest audit events, one line each (default 120)
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { auditLines } from "@/modules/console/lib/logs";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import {
  auditTailDefault,
  auditTailQuerySchema,
  auditTailResponseSchema,
} from "@/modules/console/lib/schemas";

export const GET = withOperator(
  { query: auditTailQuerySchema, rateLimit: opsReadLimit },
  async ({ query }) =>
    respond(auditTailResponseSchema, {
      ok: true,
      log: await auditLines(query.lines ?? auditTailDefault),
    }),
);
