// GET /api/admin/ops/db-summary - counts of users, operators and organizations; database size
import { withOperator } from "@/lib/api/handler";
import { dbSummary } from "@/lib/ops/database";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await dbSummary()));
