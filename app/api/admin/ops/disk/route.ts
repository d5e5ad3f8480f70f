// GET /api/admin/ops/disk - free space of the file systems of / and DATA_DIR, as text
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";
import { disk } from "@/lib/ops/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(await disk()));
