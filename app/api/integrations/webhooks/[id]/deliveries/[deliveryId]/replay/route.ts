// POST /api/integrations/webhooks/{id}/deliveries/{deliveryId}/replay - send a delivery's body again (managers)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { integrationsWriteLimit } from "@/lib/integrations/limits";
import { replayDelivery } from "@/lib/integrations/webhooks/endpoints";
import {
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
} from "@/lib/integrations/webhooks/schemas";

export const POST = withUser(
  {
    permission: "integrations.manage",
    params: webhookDeliveryParamsSchema,
    rateLimit: integrationsWriteLimit,
  },
  async ({ session, params, ip }) =>
    respond(
      webhookDeliveryResponseSchema,
      await replayDelivery(session, params.id, params.deliveryId, ip),
      { status: 201 },
    ),
);
