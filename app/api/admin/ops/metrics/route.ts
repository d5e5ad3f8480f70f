// GET /api/admin/ops/metrics - this process's pid, uptime and memory; load and cpus
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";
import { metrics } from "@/modules/console/lib/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(metrics()));
