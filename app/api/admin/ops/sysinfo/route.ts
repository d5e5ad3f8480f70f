// GET /api/admin/ops/sysinfo - platform, release, arch, hostname, uptime, total memory
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";
import { sysinfo } from "@/lib/ops/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json(sysinfo()));
