// POST /api/admin/login - exchange an operator's credentials for a console token
import { NextResponse } from "next/server";
import { withPublic } from "@/lib/api/handler";
import { noStore } from "@/lib/api/errors";
import { operatorCookie, setSessionCookie } from "@/lib/auth/cookies";
import { login, loginBodySchema } from "@/lib/auth/login";

export const POST = withPublic(
  { body: loginBodySchema, rateLimit: { name: "admin-login", max: 60, windowSeconds: 60 } },
  async ({ body, ip }) => {
    const { token, expiresAt } = await login("operator", body, ip);
    const res = NextResponse.json({ token }, { headers: noStore });
    setSessionCookie(res, operatorCookie, token, expiresAt);
    return res;
  },
);
