// POST /api/admin/login - exchange an operator's credentials for a console token, or a two-factor
// challenge when the operator has a second factor
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { operatorCookie, setSessionCookie } from "@/lib/auth/cookies";
import { login } from "@/lib/auth/login";
import {
  loginBodySchema,
  operatorChallengeSchema,
  operatorLoginResponseSchema,
} from "@/lib/auth/schemas";

export const POST = withPublic(
  { body: loginBodySchema, rateLimit: { name: "admin-login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const result = await login("operator", body, ip);
    if (result.challenge !== undefined) {
      // No session and no cookie until POST /api/admin/login/2fa.
      return respond(operatorChallengeSchema, {
        twoFactorRequired: true,
        challenge: result.challenge,
      });
    }
    const { token, expiresAt } = result;
    const res = respond(operatorLoginResponseSchema, { token });
    setSessionCookie(res, operatorCookie, token, expiresAt);
    return res;
  },
);
