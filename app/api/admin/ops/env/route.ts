// GET /api/admin/ops/env - the app's own settings, secrets masked, at most 18 entries
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/modules/console/lib/route-helpers";
import { envPanel } from "@/modules/console/lib/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json({ env: envPanel() }));
