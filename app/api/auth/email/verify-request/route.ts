// POST /api/auth/email/verify-request - store the rep's email and mail a verification link
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { requestEmailVerification } from "@/lib/email/request-verification";
import { verifyRequestBodySchema, verifyRequestResponseSchema } from "@/lib/email/schemas";
import { localeCookie } from "@/lib/i18n/config";

export const POST = withUser(
  { permission: "account.own", body: verifyRequestBodySchema },
  async ({ body, session, ip, req }) => {
    const result = await requestEmailVerification({
      userId: session.userId,
      username: session.username,
      email: body.email,
      locale: req.cookies.get(localeCookie)?.value,
      ip,
    });
    return respond(verifyRequestResponseSchema, result);
  },
);
