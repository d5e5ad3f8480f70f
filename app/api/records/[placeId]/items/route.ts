// GET /api/records/{placeId}/items?since= - the team's items of a business changed after a cursor
// PUT /api/records/{placeId}/items - push a batch of item changes (idempotent by kind and item id)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { pullItems } from "@/modules/records/lib/items";
import { pushAndAnnounce } from "@/modules/records/lib/push";
import { recordsReadLimit, recordsWriteLimit } from "@/modules/records/lib/limits";
import {
  accountPlaceParamsSchema,
  accountPullQuerySchema,
  accountPullResponseSchema,
  accountPushBodySchema,
  accountPushResponseSchema,
} from "@/modules/records/lib/schemas";

export const GET = withUser(
  {
    permission: "targets.work",
    params: accountPlaceParamsSchema,
    query: accountPullQuerySchema,
    rateLimit: recordsReadLimit,
  },
  async ({ session, params, query }) =>
    respond(accountPullResponseSchema, await pullItems(session, params.placeId, query.since)),
);

export const PUT = withUser(
  {
    permission: "targets.work",
    params: accountPlaceParamsSchema,
    body: accountPushBodySchema,
    rateLimit: recordsWriteLimit,
  },
  async ({ session, params, body }) =>
    respond(
      accountPushResponseSchema,
      await pushAndAnnounce(session, params.placeId, body.changes, body.account),
    ),
);
