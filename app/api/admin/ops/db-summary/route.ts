// GET /api/admin/ops/db-summary - counts of users, operators and organizations; database size
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { dbSummary } from "@/modules/console/lib/database";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { dbSummaryResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(dbSummaryResponseSchema, await dbSummary()),
);
