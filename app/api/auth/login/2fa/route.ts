// POST /api/auth/login/2fa - finish a two-factor sign-in: the challenge and a code give the session
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { sessionCookie, setSessionCookie } from "@/lib/auth/cookies";
import { loginResponseSchema } from "@/lib/auth/schemas";
import { twoFactorLoginBodySchema } from "@/lib/two-factor/schemas";
import { completeTwoFactorSignIn } from "@/lib/two-factor/sign-in";

// Wrong codes are throttled per account with the passwords (in completeTwoFactorSignIn); this
// limit only bounds the requests one client makes at all, as the password step's does.
export const POST = withPublic(
  { body: twoFactorLoginBodySchema, rateLimit: { name: "login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const { token, expiresAt, username } = await completeTwoFactorSignIn("user", body, ip);
    const res = respond(loginResponseSchema, { token, user: { username } });
    setSessionCookie(res, sessionCookie, token, expiresAt);
    return res;
  },
);
