// POST /api/auth/email/verify-request - store the rep's email and mail a verification link (a new
// address needs the current password, and a code when two-factor sign-in is on)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { requestEmailVerification } from "@/lib/email/request-verification";
import { verifyRequestBodySchema, verifyRequestResponseSchema } from "@/lib/email/schemas";
import { localeCookie } from "@/lib/i18n/config";
import { stepUp } from "@/lib/two-factor/step-up";

export const POST = withUser(
  { permission: "account.own", body: verifyRequestBodySchema },
  async ({ body, session, ip, req }) => {
    if (body.email !== session.email) {
      await stepUp(
        { kind: "user", id: session.userId, username: session.username },
        ip,
        { password: body.password ?? "", code: body.code },
        { action: "email.change" },
      );
    }
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
