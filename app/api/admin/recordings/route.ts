// GET /api/admin/recordings - recording storage use, the retention setting and each organization's mode
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/lib/ops/route-helpers";
import { recordingOverview } from "@/lib/recordings/retention";
import { recordingOverviewSchema } from "@/lib/recordings/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(recordingOverviewSchema, await recordingOverview()),
);
