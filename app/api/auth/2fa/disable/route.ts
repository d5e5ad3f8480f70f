// POST /api/auth/2fa/disable - switch the second factor off with the password and a code
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { localeCookie } from "@/lib/i18n/config";
import { disableTwoFactor } from "@/modules/account-security/lib/two-factor-enrol";
import { ownerOf } from "@/lib/two-factor/owner";
import { disableTwoFactorBodySchema, okResponseSchema } from "@/lib/two-factor/schemas";

// Wrong passwords and codes count on the sign-in throttle (in disableTwoFactor).
export const POST = withUser(
  {
    permission: "account.own",
    body: disableTwoFactorBodySchema,
    rateLimit: { name: "auth.2fa", max: 10, windowSeconds: 60 },
  },
  async ({ body, session, ip, req }) =>
    respond(
      okResponseSchema,
      await disableTwoFactor(
        { owner: ownerOf(session), ip, locale: req.cookies.get(localeCookie)?.value },
        body,
      ),
    ),
);
