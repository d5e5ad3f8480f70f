// POST /api/auth/email/verify-request - store the rep's email and mail a verification link
import { NextResponse } from "next/server";
import { noStore } from "@/lib/api/errors";
import { withUser } from "@/lib/api/handler";
import { requestEmailVerification } from "@/lib/email/request-verification";
import { verifyRequestBodySchema } from "@/lib/email/schemas";
import { localeCookie } from "@/lib/i18n/config";

export const POST = withUser(
  { body: verifyRequestBodySchema },
  async ({ body, session, ip, req }) => {
    const result = await requestEmailVerification({
      userId: session.userId,
      username: session.username,
      email: body.email,
      locale: req.cookies.get(localeCookie)?.value,
      ip,
    });
    return NextResponse.json(result, { headers: noStore });
  },
);
