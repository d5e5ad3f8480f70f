// GET /api/v1/records/{placeId}/items?since= - REST API: a business's items changed after a cursor
// PUT /api/v1/records/{placeId}/items - REST API: push item changes, made as the key's creator
import { withApiKey } from "@/modules/integrations/lib/v1/with-api-key";
import { v1Routes } from "@/modules/integrations/lib/v1/routes";
import { pullItems } from "@/modules/records/lib/items";
import { pushAndAnnounce } from "@/modules/records/lib/push";
import { recordsReadLimit, recordsWriteLimit } from "@/modules/records/lib/limits";

export const GET = withApiKey(
  v1Routes.pullRecordItems,
  { rateLimit: recordsReadLimit },
  async ({ session, params, query }) => pullItems(session, params.placeId, query.since),
);

export const PUT = withApiKey(
  v1Routes.pushRecordItems,
  { rateLimit: recordsWriteLimit },
  async ({ session, params, body }) =>
    pushAndAnnounce(session, params.placeId, body.changes, body.account),
);
