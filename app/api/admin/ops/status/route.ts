// GET /api/admin/ops/status - each allow-listed service's state from systemctl is-active
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { serviceStates } from "@/modules/console/lib/services";
import { statusResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => {
  const { services, available } = await serviceStates();
  return respond(statusResponseSchema, {
    services,
    systemctl: available ? "available" : "unavailable",
  });
});
