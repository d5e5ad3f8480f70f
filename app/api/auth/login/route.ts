// POST /api/auth/login - exchange a rep's credentials for a session token (and cookie)
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { sessionCookie, setSessionCookie } from "@/lib/auth/cookies";
import { login } from "@/lib/auth/login";
import { loginBodySchema, loginResponseSchema } from "@/lib/auth/schemas";

export const POST = withPublic(
  { body: loginBodySchema, rateLimit: { name: "login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const { token, expiresAt, username } = await login("user", body, ip);
    const res = respond(loginResponseSchema, { token, user: { username } });
    setSessionCookie(res, sessionCookie, token, expiresAt);
    return res;
  },
);
