// POST /api/auth/email/verify-complete - redeem a mailed verification token (no session needed)
import { withPublic } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { completeEmailVerification } from "@/lib/email/complete-verification";
import { verifyCompleteBodySchema, verifyCompleteResponseSchema } from "@/lib/email/schemas";

export const POST = withPublic(
  {
    body: verifyCompleteBodySchema,
    rateLimit: { name: "verify-complete", max: 30, windowSeconds: 60 },
  },
  async ({ body, ip }) =>
    respond(verifyCompleteResponseSchema, await completeEmailVerification(body.token, ip)),
);
