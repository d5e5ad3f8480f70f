// POST /api/auth/2fa/enable - confirm the pending secret with a code; answers the recovery codes once
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { localeCookie } from "@/lib/i18n/config";
import { confirmEnrolment } from "@/modules/account-security/lib/two-factor-enrol";
import { ownerOf } from "@/lib/two-factor/owner";
import { enableTwoFactorBodySchema, enableTwoFactorResponseSchema } from "@/lib/two-factor/schemas";

// Guessing codes of a secret the caller was just shown gains nothing; the limit bounds the work.
export const POST = withUser(
  {
    permission: "account.own",
    body: enableTwoFactorBodySchema,
    rateLimit: { name: "auth.2fa", max: 20, windowSeconds: 60 },
  },
  async ({ body, session, ip, req }) =>
    respond(
      enableTwoFactorResponseSchema,
      await confirmEnrolment(
        { owner: ownerOf(session), ip, locale: req.cookies.get(localeCookie)?.value },
        body,
      ),
    ),
);
