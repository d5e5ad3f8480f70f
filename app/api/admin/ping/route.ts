// GET /api/admin/ping - confirms an operator token is still valid
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { pingResponseSchema } from "@/lib/auth/schemas";

export const GET = withOperator({}, async () => respond(pingResponseSchema, { ts: Date.now() }));
