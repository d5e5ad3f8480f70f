// GET /api/admin/telephony - every organization with its phone line and the encryption key's source
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { telephonyOverview } from "@/modules/telephony/lib/lines";
import { telephonyOverviewSchema } from "@/modules/telephony/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(telephonyOverviewSchema, await telephonyOverview()),
);
