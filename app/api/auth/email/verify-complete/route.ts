// POST /api/auth/email/verify-complete - redeem a mailed verification token (no session needed)
import { NextResponse } from "next/server";
import { noStore } from "@/lib/api/errors";
import { withPublic } from "@/lib/api/handler";
import { completeEmailVerification } from "@/lib/email/complete-verification";
import { verifyCompleteBodySchema } from "@/lib/email/schemas";

export const POST = withPublic(
  {
    body: verifyCompleteBodySchema,
    rateLimit: { name: "verify-complete", max: 30, windowSeconds: 60 },
  },
  async ({ body, ip }) => {
    return NextResponse.json(await completeEmailVerification(body.token, ip), { headers: noStore });
  },
);
