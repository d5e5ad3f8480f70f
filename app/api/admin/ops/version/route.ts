// GET /api/admin/ops/version - the app's version and the build's commit (SOURCE_COMMIT)
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";
import { version } from "@/lib/ops/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await version()));
