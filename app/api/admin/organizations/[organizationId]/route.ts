// PATCH /api/admin/organizations/{organizationId} - an operator sets a team's sign-in rule
// ({ requireTwoFactor }), as its managers can in Settings; audited with the operator's name
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import {
  organizationParamsSchema,
  organizationPatchBodySchema,
} from "@/lib/accounts/organization-schemas";
import { opsActionLimit } from "@/modules/console/lib/route-helpers";
import { applyRequireTwoFactor } from "@/modules/team/lib/members";
import { teamSecurityResponseSchema } from "@/modules/team/lib/schemas";

export const PATCH = withOperator(
  {
    params: organizationParamsSchema,
    body: organizationPatchBodySchema,
    rateLimit: opsActionLimit,
  },
  async ({ params, body, session, ip }) => {
    const by = { actor: session.username, organizationId: params.organizationId, clientIp: ip };
    return respond(
      teamSecurityResponseSchema,
      await applyRequireTwoFactor(by, body.requireTwoFactor),
    );
  },
);
