// GET /api/admin/ops/env - the app's own settings, secrets masked, at most 18 entries
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { envPanel } from "@/modules/console/lib/system";
import { envResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(envResponseSchema, { env: envPanel() }),
);
