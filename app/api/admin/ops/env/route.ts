// GET /api/admin/ops/env - the app's own settings, secrets masked, at most 18 entries
import { withOperator } from "@/lib/api/handler";
import { json, opsReadLimit } from "@/lib/ops/route-helpers";
import { envPanel } from "@/lib/ops/system";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => json({ env: envPanel() }));
