// POST /api/admin/2fa/setup - a new TOTP secret for the operator (pending until a code confirms it)
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { beginEnrolment } from "@/modules/account-security/lib/two-factor-enrol";
import { ownerOf } from "@/lib/two-factor/owner";
import { twoFactorSetupSchema } from "@/lib/two-factor/schemas";

export const POST = withOperator(
  { beforeSecondFactor: true, rateLimit: { name: "admin.2fa", max: 20, windowSeconds: 60 } },
  async ({ session, ip }) =>
    respond(twoFactorSetupSchema, await beginEnrolment({ owner: ownerOf(session), ip })),
);
