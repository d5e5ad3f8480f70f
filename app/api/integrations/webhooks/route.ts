// GET /api/integrations/webhooks - the organization's webhook endpoints (managers)
// POST /api/integrations/webhooks - register one; the answer is the only place its signing secret appears
import { withUser } from "@/lib/api/handler";
import { localeCookie } from "@/lib/i18n/config";
import { respond } from "@/lib/api/respond";
import { integrationsWriteLimit } from "@/modules/integrations/lib/limits";
import { createEndpoint, listEndpoints } from "@/modules/integrations/lib/webhooks/endpoints";
import {
  webhookCreateBodySchema,
  webhookCreatedResponseSchema,
  webhookEndpointsResponseSchema,
} from "@/modules/integrations/lib/webhooks/schemas";

export const GET = withUser({ permission: "integrations.manage" }, async ({ session }) =>
  respond(webhookEndpointsResponseSchema, await listEndpoints(session)),
);

export const POST = withUser(
  {
    permission: "integrations.manage",
    body: webhookCreateBodySchema,
    rateLimit: integrationsWriteLimit,
  },
  async ({ session, body, ip, req }) =>
    respond(
      webhookCreatedResponseSchema,
      await createEndpoint(session, body, ip, req.cookies.get(localeCookie)?.value),
      { status: 201 },
    ),
);
