// POST /api/auth/login - exchange a rep's credentials for a session token (and cookie)
import { NextResponse } from "next/server";
import { withPublic } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { sessionCookie, setSessionCookie } from "@/lib/auth/cookies";
import { login, loginBodySchema } from "@/lib/auth/login";

export const POST = withPublic(
  { body: loginBodySchema, rateLimit: { name: "login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const { token, expiresAt, username } = await login("user", body, ip);
    const res = NextResponse.json({ token, user: { username } }, { headers: noStore });
    setSessionCookie(res, sessionCookie, token, expiresAt);
    return res;
  },
);
