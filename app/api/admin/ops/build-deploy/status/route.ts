// GET /api/admin/ops/build-deploy/status - phase, elapsed time and last output lines of the run
import { withOperator } from "@/lib/api/handler";
import { buildStatus } from "@/modules/console/lib/build-deploy";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await buildStatus()));
