// GET /api/admin/ops/metrics - this process's pid, uptime and memory; load and cpus
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";
import { metrics } from "@/lib/ops/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(metrics()));
