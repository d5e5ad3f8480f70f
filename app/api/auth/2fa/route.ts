// GET /api/auth/2fa - whether the signed-in rep's second factor is on, and recovery codes left
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { twoFactorStatus } from "@/modules/account-security/lib/two-factor-enrol";
import { ownerOf } from "@/lib/two-factor/owner";
import { twoFactorStatusSchema } from "@/lib/two-factor/schemas";

export const GET = withUser({ permission: "account.own" }, async ({ session }) =>
  respond(twoFactorStatusSchema, await twoFactorStatus(ownerOf(session))),
);
