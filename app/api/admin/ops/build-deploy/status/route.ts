// GET /api/admin/ops/build-deploy/status - phase, elapsed time and last output lines of the run
import { withOperator } from "@/lib/api/handler";
import { buildStatus } from "@/lib/ops/build-deploy";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await buildStatus()));
