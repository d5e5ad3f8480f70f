// GET /api/v1/calls/{id} - REST API: one of the team's calls
import { withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { getTeamCall } from "@/modules/integrations/lib/v1/calls";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";

export const GET = withApiKey(
  v1Routes.getCall,
  { rateLimit: callsReadLimit },
  async ({ session, params }) => ({ call: await getTeamCall(session, params.id) }),
);
