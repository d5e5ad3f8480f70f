// DELETE /api/v1/do-not-call/{number} - REST API: take an E.164 number off the list
import { withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { removeDnc } from "@/modules/do-not-call/lib/do-not-call";
import { dncWriteLimit } from "@/modules/do-not-call/lib/limits";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";

export const DELETE = withApiKey(
  v1Routes.removeDoNotCall,
  { rateLimit: dncWriteLimit },
  async ({ session, params }) => {
    await removeDnc(session, params.number);
    return { released: true };
  },
);
