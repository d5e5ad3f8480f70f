// GET /api/admin/organizations - every organization (team) with its number of users and managers
// POST /api/admin/organizations - create an organization ({ name }); its name is unique
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import {
  organizationCreateBodySchema,
  organizationCreatedResponseSchema,
  organizationsResponseSchema,
} from "@/lib/accounts/organization-schemas";
import { createOrganization, organizationSummaries } from "@/modules/console/lib/organizations";
import { opsActionLimit, opsReadLimit } from "@/modules/console/lib/route-helpers";

export const GET = withOperator({ rateLimit: opsReadLimit }, async () =>
  respond(organizationsResponseSchema, await organizationSummaries()),
);

export const POST = withOperator(
  { body: organizationCreateBodySchema, rateLimit: opsActionLimit },
  async ({ body, session }) =>
    respond(
      organizationCreatedResponseSchema,
      await createOrganization(body.name, session.username),
      { status: 201 },
    ),
);
