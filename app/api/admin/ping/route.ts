// GET /api/admin/ping - confirms an operator token is still valid, and whether the operator must
// set up a second factor first (OPERATOR_REQUIRE_TWO_FACTOR)
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { pingResponseSchema } from "@/lib/auth/schemas";
import { env } from "@/lib/env";

export const GET = withOperator({ beforeSecondFactor: true }, async ({ session }) =>
  respond(pingResponseSchema, {
    ts: Date.now(),
    twoFactorRequired: env.OPERATOR_REQUIRE_TWO_FACTOR,
    mustEnrolTwoFactor: session.mustEnrolTwoFactor,
  }),
);
