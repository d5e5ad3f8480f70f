// POST /api/admin/2fa/enable - confirm the operator's pending secret; answers the recovery codes once
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { confirmEnrolment } from "@/modules/account-security/lib/two-factor-enrol";
import { ownerOf } from "@/lib/two-factor/owner";
import { enableTwoFactorBodySchema, enableTwoFactorResponseSchema } from "@/lib/two-factor/schemas";

export const POST = withOperator(
  {
    beforeSecondFactor: true,
    body: enableTwoFactorBodySchema,
    rateLimit: { name: "admin.2fa", max: 20, windowSeconds: 60 },
  },
  async ({ body, session, ip }) =>
    respond(
      enableTwoFactorResponseSchema,
      await confirmEnrolment({ owner: ownerOf(session), ip }, body),
    ),
);
