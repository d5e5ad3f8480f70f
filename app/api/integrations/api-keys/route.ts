// GET /api/integrations/api-keys - the organization's REST API keys (managers)
// POST /api/integrations/api-keys - create one; the answer is the only place its secret appears
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedResponseSchema,
  apiKeysResponseSchema,
} from "@/modules/integrations/lib/api-key-schemas";
import { createApiKey, listApiKeys } from "@/modules/integrations/lib/api-keys";
import { integrationsWriteLimit } from "@/modules/integrations/lib/limits";

export const GET = withUser({ permission: "integrations.manage" }, async ({ session }) =>
  respond(apiKeysResponseSchema, await listApiKeys(session)),
);

export const POST = withUser(
  {
    permission: "integrations.manage",
    body: apiKeyCreateBodySchema,
    rateLimit: integrationsWriteLimit,
  },
  async ({ session, body, ip }) =>
    respond(apiKeyCreatedResponseSchema, await createApiKey(session, body, ip), { status: 201 }),
);
