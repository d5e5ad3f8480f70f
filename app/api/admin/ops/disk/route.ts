// GET /api/admin/ops/disk - free space of the file systems of / and DATA_DIR, as text
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { disk } from "@/modules/console/lib/system";
import { diskResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(diskResponseSchema, await disk()),
);
