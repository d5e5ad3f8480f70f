// GET /api/admin/ops/version - the app's version and the build's commit (SOURCE_COMMIT)
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { version } from "@/modules/console/lib/system";
import { versionResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(versionResponseSchema, await version()),
);
