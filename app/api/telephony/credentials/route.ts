// POST /api/telephony/credentials - fresh time-limited SIP credentials for the signed-in rep
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { credentialsLimit } from "@/modules/telephony/lib/limits";
import { repCredentials } from "@/modules/telephony/lib/rep-line";
import { credentialsResponseSchema } from "@/modules/telephony/lib/schemas";

export const POST = withUser(
  { permission: "dialing.use", rateLimit: credentialsLimit },
  async ({ session }) =>
    // A password: no cache, proxy or back/forward cache may keep it.
    respond(credentialsResponseSchema, await repCredentials(session), {
      headers: { "Cache-Control": "no-store" },
    }),
);
