// PUT /api/v1/calls/{id}/disposition - REST API: set or correct the outcome of one of the team's calls
import { withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { publishTeamChange } from "@/lib/live/bus";
import { setDisposition } from "@/modules/calls/lib/disposition";
import { callsWriteLimit } from "@/modules/calls/lib/limits";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";

export const PUT = withApiKey(
  v1Routes.setCallDisposition,
  { rateLimit: callsWriteLimit },
  async ({ session, params, body, key }) => {
    const call = await setDisposition(session, params.id, body, { via: `api_key:${key.prefix}` });
    await publishTeamChange(session.organizationId, { topic: "calls", by: session.userId });
    return { call };
  },
);
