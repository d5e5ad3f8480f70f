// GET /api/integrations/webhooks/{id}/deliveries - an endpoint's delivery log, newest first (managers)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { listDeliveries } from "@/modules/integrations/lib/webhooks/endpoints";
import {
  webhookDeliveriesResponseSchema,
  webhookParamsSchema,
} from "@/modules/integrations/lib/webhooks/schemas";

export const GET = withUser(
  { permission: "integrations.manage", params: webhookParamsSchema },
  async ({ session, params }) =>
    respond(webhookDeliveriesResponseSchema, await listDeliveries(session, params.id)),
);
