// GET /api/admin/telephony - every organization with its phone line and the encryption key's source
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/lib/ops/route-helpers";
import { telephonyOverview } from "@/lib/telephony/lines";
import { telephonyOverviewSchema } from "@/lib/telephony/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(telephonyOverviewSchema, await telephonyOverview()),
);
