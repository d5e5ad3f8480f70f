// GET /api/v1/calls?from=&to=&disposition=&cursor=&limit= - REST API: the team's calls, newest first
import { withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { callsReadLimit } from "@/modules/calls/lib/limits";
import { listCalls } from "@/modules/calls/lib/list";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";

export const GET = withApiKey(
  v1Routes.listCalls,
  { rateLimit: callsReadLimit },
  async ({ session, query }) => listCalls(session, { ...query, scope: "team" }),
);
