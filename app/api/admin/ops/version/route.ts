// GET /api/admin/ops/version - the app's version and the build's commit (SOURCE_COMMIT)
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";
import { version } from "@/modules/console/lib/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await version()));
