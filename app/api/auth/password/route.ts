// POST /api/auth/password - change the signed-in rep's password; their other sessions end
import { changePassword } from "@/modules/account-security/lib/change-password";
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
} from "@/modules/account-security/lib/schemas";
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { localeCookie } from "@/lib/i18n/config";

// The wrong-password throttle is the sign-in one (in changePassword); this limit only bounds
// how often a signed-in client can make the server hash at all.
export const POST = withUser(
  {
    permission: "account.own",
    body: changePasswordBodySchema,
    rateLimit: { name: "auth.password", max: 10, windowSeconds: 60 },
  },
  async ({ body, session, ip, req }) =>
    respond(
      changePasswordResponseSchema,
      await changePassword({ session, body, ip, locale: req.cookies.get(localeCookie)?.value }),
    ),
);
