// PATCH /api/integrations/webhooks/{id} - resume a paused endpoint (managers)
// DELETE /api/integrations/webhooks/{id} - remove an endpoint and its delivery log
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { integrationsWriteLimit } from "@/modules/integrations/lib/limits";
import { deleteEndpoint, resumeEndpoint } from "@/modules/integrations/lib/webhooks/endpoints";
import {
  webhookDeletedResponseSchema,
  webhookEndpointResponseSchema,
  webhookParamsSchema,
  webhookPatchBodySchema,
} from "@/modules/integrations/lib/webhooks/schemas";

export const PATCH = withUser(
  {
    permission: "integrations.manage",
    params: webhookParamsSchema,
    body: webhookPatchBodySchema,
    rateLimit: integrationsWriteLimit,
  },
  async ({ session, params, ip }) =>
    respond(webhookEndpointResponseSchema, await resumeEndpoint(session, params.id, ip)),
);

export const DELETE = withUser(
  {
    permission: "integrations.manage",
    params: webhookParamsSchema,
    rateLimit: integrationsWriteLimit,
  },
  async ({ session, params, ip }) => {
    await deleteEndpoint(session, params.id, ip);
    return respond(webhookDeletedResponseSchema, { deleted: true });
  },
);
