// GET /api/admin/ops/metrics - this process's pid, uptime and memory; load and cpus
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { metrics } from "@/modules/console/lib/system";
import { metricsResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(metricsResponseSchema, metrics()),
);
