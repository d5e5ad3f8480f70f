// DELETE /api/integrations/api-keys/{id} - revoke a key at once (managers)
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import {
  apiKeyParamsSchema,
  apiKeyRevokedResponseSchema,
} from "@/modules/integrations/lib/api-key-schemas";
import { revokeApiKey } from "@/modules/integrations/lib/api-keys";
import { integrationsWriteLimit } from "@/modules/integrations/lib/limits";

export const DELETE = withUser(
  {
    permission: "integrations.manage",
    params: apiKeyParamsSchema,
    rateLimit: integrationsWriteLimit,
  },
  async ({ session, params, ip }) => {
    await revokeApiKey(session, params.id, ip);
    return respond(apiKeyRevokedResponseSchema, { revoked: true });
  },
);
