// GET /api/admin/ops/status - each allow-listed service's state from systemctl is-active
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";
import { serviceStates } from "@/modules/console/lib/services";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => {
  const { services, available } = await serviceStates();
  return json({ services, systemctl: available ? "available" : "unavailable" });
});
