// POST /api/admin/login - exchange an operator's credentials for a console token
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { operatorCookie, setSessionCookie } from "@/lib/auth/cookies";
import { login } from "@/lib/auth/login";
import { loginBodySchema, operatorLoginResponseSchema } from "@/lib/auth/schemas";

export const POST = withPublic(
  { body: loginBodySchema, rateLimit: { name: "admin-login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const result = await login("operator", body, ip);
    // Only reps enrol a second factor so far: an operator's sign-in never answers a challenge.
    if (result.challenge !== undefined)
      throw new Error("operator sign-in answered a two-factor challenge");
    const { token, expiresAt } = result;
    const res = respond(operatorLoginResponseSchema, { token });
    setSessionCookie(res, operatorCookie, token, expiresAt);
    return res;
  },
);
