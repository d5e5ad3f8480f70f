// GET /api/admin/ops/sysinfo - platform, release, arch, hostname, uptime, total memory
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";
import { sysinfo } from "@/modules/console/lib/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(sysinfo()));
