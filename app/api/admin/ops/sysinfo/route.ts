// GET /api/admin/ops/sysinfo - platform, release, arch, hostname, uptime, total memory
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { sysinfo } from "@/modules/console/lib/system";
import { sysinfoResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(sysinfoResponseSchema, sysinfo()),
);
