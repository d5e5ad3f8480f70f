// GET /api/admin/organizations - every organization (team) with its number of users and managers
// POST /api/admin/organizations - create an organization ({ name }); its name is unique
import { ApiError } from "@/lib/api/errors";
import { withOperator } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { addOrganization, listOrganizations } from "@/modules/team/lib/account-admin";
import {
  organizationCreateBodySchema,
  organizationCreatedResponseSchema,
  organizationsResponseSchema,
} from "@/lib/accounts/organization-schemas";
import { getDb } from "@/lib/db/client";
import { opsActionLimit, opsReadLimit } from "@/modules/console/lib/route-helpers";

const summary = (o: {
  id: string;
  name: string;
  users: number;
  managers: number;
  requireTwoFactor: boolean;
  createdAt: Date;
}) => ({
  id: o.id,
  name: o.name,
  users: o.users,
  managers: o.managers,
  requireTwoFactor: o.requireTwoFactor,
  createdAt: o.createdAt.toISOString(),
});

export const GET = withOperator({ rateLimit: opsReadLimit }, async () => {
  const rows = await listOrganizations(await getDb());
  return respond(organizationsResponseSchema, { organizations: rows.map(summary) });
});

export const POST = withOperator(
  { body: organizationCreateBodySchema, rateLimit: opsActionLimit },
  async ({ body, session }) => {
    const db = await getDb();
    if (await db.organization.findUnique({ where: { name: body.name }, select: { id: true } })) {
      throw new ApiError("conflict", "An organization with this name already exists", {
        code: "organization_exists",
      });
    }
    const created = await addOrganization(db, body.name, session.username);
    return respond(
      organizationCreatedResponseSchema,
      {
        organization: summary({
          ...created,
          users: 0,
          managers: 0,
          requireTwoFactor: created.requireTwoFactor,
        }),
      },
      { status: 201 },
    );
  },
);
