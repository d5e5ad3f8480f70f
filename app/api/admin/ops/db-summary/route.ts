// GET /api/admin/ops/db-summary - counts of users, operators and organizations; database size
import { withOperator } from "@/lib/api/handler";
import { dbSummary } from "@/modules/console/lib/database";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await dbSummary()));
