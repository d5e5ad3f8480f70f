// GET /api/v1/records?cursor=&limit= - REST API: the team's account records, latest change first
import { withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";
import { listRecords } from "@/modules/integrations/lib/v1/records";
import { recordsReadLimit } from "@/modules/records/lib/limits";

export const GET = withApiKey(
  v1Routes.listRecords,
  { rateLimit: recordsReadLimit },
  async ({ session, query }) => listRecords(session.organizationId, query),
);
