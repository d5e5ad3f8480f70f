// GET /api/admin/ops/build-deploy/status - phase, elapsed time and last output lines of the run
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { buildStatus } from "@/modules/console/lib/build-deploy";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { buildStatusResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(buildStatusResponseSchema, await buildStatus()),
);
