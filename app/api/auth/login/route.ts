// POST /api/auth/login - exchange a rep's credentials for a session token (and cookie), or a
// two-factor challenge when the account has a second factor
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { sessionCookie, setSessionCookie } from "@/lib/auth/cookies";
import { login } from "@/lib/auth/login";
import { loginBodySchema, loginResponseSchema } from "@/lib/auth/schemas";
import { twoFactorChallengeSchema } from "@/lib/two-factor/schemas";

export const POST = withPublic(
  { body: loginBodySchema, rateLimit: { name: "login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const result = await login("user", body, ip);
    if (result.challenge !== undefined) {
      // Two-factor sign-in: no session and no cookie until POST /api/auth/login/2fa.
      return respond(twoFactorChallengeSchema, {
        twoFactorRequired: true,
        challenge: result.challenge,
        user: { username: result.username },
      });
    }
    const { token, expiresAt, username } = result;
    const res = respond(loginResponseSchema, { token, user: { username } });
    setSessionCookie(res, sessionCookie, token, expiresAt);
    return res;
  },
);
