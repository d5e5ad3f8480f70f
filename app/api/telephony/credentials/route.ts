// POST /api/telephony/credentials - fresh time-limited SIP credentials for the signed-in rep
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { credentialsLimit } from "@/lib/telephony/limits";
import { repCredentials } from "@/lib/telephony/rep-line";
import { credentialsResponseSchema } from "@/lib/telephony/schemas";

export const POST = withUser(
  { permission: "dialing.use", rateLimit: credentialsLimit },
  async ({ session }) =>
    // A password: no cache, proxy or back/forward cache may keep it.
    respond(credentialsResponseSchema, await repCredentials(session), {
      headers: { "Cache-Control": "no-store" },
    }),
);
