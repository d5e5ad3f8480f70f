// POST /api/admin/login/2fa - finish an operator's two-factor sign-in: challenge and code give the token
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { operatorCookie, setSessionCookie } from "@/lib/auth/cookies";
import { operatorLoginResponseSchema } from "@/lib/auth/schemas";
import { twoFactorLoginBodySchema } from "@/lib/two-factor/schemas";
import { completeTwoFactorSignIn } from "@/lib/two-factor/sign-in";

// Wrong codes are throttled per account with the passwords (in completeTwoFactorSignIn).
export const POST = withPublic(
  {
    body: twoFactorLoginBodySchema,
    rateLimit: { name: "admin-login", max: 60, windowSeconds: 60 },
  },
  async ({ body, ip }) => {
    const { token, expiresAt } = await completeTwoFactorSignIn("operator", body, ip);
    const res = respond(operatorLoginResponseSchema, { token });
    setSessionCookie(res, operatorCookie, token, expiresAt);
    return res;
  },
);
