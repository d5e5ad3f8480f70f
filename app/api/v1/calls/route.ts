// GET /api/v1/calls?from=&to=&disposition=&cursor=&limit= - REST API: the team's calls, newest first
import { withApiKey } from "@/lib/api/with-api-key";
import { callsReadLimit } from "@/lib/calls/limits";
import { listCalls } from "@/lib/calls/list";
import { v1Routes } from "@/lib/integrations/v1/routes";

export const GET = withApiKey(
  v1Routes.listCalls,
  { rateLimit: callsReadLimit },
  async ({ session, query }) => listCalls(session, { ...query, scope: "team" }),
);
