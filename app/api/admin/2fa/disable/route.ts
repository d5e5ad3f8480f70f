// POST /api/admin/2fa/disable - switch the operator's second factor off with the password and a code
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/api/errors";
import { disableTwoFactor } from "@/modules/account-security/lib/two-factor-enrol";
import { ownerOf } from "@/lib/two-factor/owner";
import { disableTwoFactorBodySchema, okResponseSchema } from "@/lib/two-factor/schemas";

// Wrong passwords and codes count on the sign-in throttle (in disableTwoFactor).
export const POST = withOperator(
  {
    body: disableTwoFactorBodySchema,
    rateLimit: { name: "admin.2fa", max: 10, windowSeconds: 60 },
  },
  async ({ body, session, ip }) => {
    if (env.OPERATOR_REQUIRE_TWO_FACTOR) {
      throw new ApiError("forbidden", "This deployment requires two-factor sign-in for operators", {
        code: "two_factor_required",
      });
    }
    return respond(okResponseSchema, await disableTwoFactor({ owner: ownerOf(session), ip }, body));
  },
);
