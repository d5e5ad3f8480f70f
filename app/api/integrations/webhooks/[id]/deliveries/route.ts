// GET /api/integrations/webhooks/{id}/deliveries - an endpoint's delivery log, newest first (managers)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { listDeliveries } from "@/lib/integrations/webhooks/endpoints";
import {
  webhookDeliveriesResponseSchema,
  webhookParamsSchema,
} from "@/lib/integrations/webhooks/schemas";

export const GET = withUser(
  { permission: "integrations.manage", params: webhookParamsSchema },
  async ({ session, params }) =>
    respond(webhookDeliveriesResponseSchema, await listDeliveries(session, params.id)),
);
