// GET /api/admin/ops/disk - free space of the file systems of / and DATA_DIR, as text
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";
import { disk } from "@/modules/console/lib/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await disk()));
