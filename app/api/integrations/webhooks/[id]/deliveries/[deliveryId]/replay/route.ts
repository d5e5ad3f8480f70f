// POST /api/integrations/webhooks/{id}/deliveries/{deliveryId}/replay - send a delivery's body again (managers)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { integrationsWriteLimit } from "@/modules/integrations/lib/limits";
import { replayDelivery } from "@/modules/integrations/lib/webhooks/endpoints";
import {
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
} from "@/modules/integrations/lib/webhooks/schemas";

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
