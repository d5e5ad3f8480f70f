// GET /api/admin/ops/logs?target=&lines= - the last lines of an allow-listed log (never a path)
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { readLog } from "@/modules/console/lib/logs";
import { opsReadLimit } from "@/modules/console/lib/route-helpers";
import { logsQuerySchema, logsResponseSchema } from "@/modules/console/lib/schemas";

export const GET = withOperator(
  { query: logsQuerySchema, rateLimit: opsReadLimit },
  async ({ query: { target, lines } }) => {
    const result = await readLog(target, lines);
    return respond(
      logsResponseSchema,
      { ...result, target, lines },
      { status: result.ok ? 200 : 404 },
    );
  },
);
