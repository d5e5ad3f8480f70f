// GET /api/admin/recordings - recording storage use, the retention setting and each organization's mode
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { recordingOverview } from "@/modules/recordings/lib/retention";
import { recordingOverviewSchema } from "@/modules/recordings/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(recordingOverviewSchema, await recordingOverview()),
);
