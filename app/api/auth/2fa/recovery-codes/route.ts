// POST /api/auth/2fa/recovery-codes - ten new recovery codes for the password and a code; answered once
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { ownerOf } from "@/lib/two-factor/owner";
import { regenerateRecoveryCodes } from "@/lib/two-factor/regenerate";
import {
  recoveryCodesResponseSchema,
  regenerateRecoveryCodesBodySchema,
} from "@/lib/two-factor/schemas";

// Wrong passwords and codes count on the sign-in throttle (in stepUp).
export const POST = withUser(
  {
    permission: "account.own",
    body: regenerateRecoveryCodesBodySchema,
    rateLimit: { name: "auth.2fa", max: 10, windowSeconds: 60 },
  },
  async ({ body, session, ip }) =>
    respond(recoveryCodesResponseSchema, await regenerateRecoveryCodes(ownerOf(session), ip, body)),
);
