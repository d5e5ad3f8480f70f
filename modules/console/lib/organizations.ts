import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { OperatorSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { OrganizationSummary } from "@/lib/accounts/organization-schemas";
import { addOrganization, listOrganizations } from "@/modules/team/lib/account-admin";
import { createInvitation } from "@/modules/team/lib/invitations";

// The console's Organizations panel: every team with its head counts, a new team, and the
// invitation of a team's manager (the same single-use link a manager's invitation mails).

type Operator = { session: OperatorSession; ip: string | null };

const summary = (o: {
  id: string;
  name: string;
  users: number;
  managers: number;
  requireTwoFactor: boolean;
  createdAt: Date;
}): OrganizationSummary => ({
  id: o.id,
  name: o.name,
  users: o.users,
  managers: o.managers,
  requireTwoFactor: o.requireTwoFactor,
  createdAt: o.createdAt.toISOString(),
});

/** GET /api/admin/organizations: every organization, by name. */
export async function organizationSummaries() {
  const rows = await listOrganizations(await getDb());
  return { organizations: rows.map(summary) };
}

/** POST /api/admin/organizations: a new, empty organization; its name is unique. */
export async function createOrganization(name: string, actor: string) {
  const db = await getDb();
  if (await db.organization.findUnique({ where: { name }, select: { id: true } })) {
    throw new ApiError("conflict", "An organization with this name already exists", {
      code: "organization_exists",
    });
  }
  const created = await addOrganization(db, name, actor);
  return {
    organization: summary({
      ...created,
      users: 0,
      managers: 0,
      requireTwoFactor: created.requireTwoFactor,
    }),
  };
}

/** POST /api/admin/organizations/{organizationId}/invitations: a team's (next) manager, by mail. */
export async function inviteManager(
  { session, ip }: Operator,
  organizationId: string,
  email: string,
  locale: string | undefined,
) {
  const db = await getDb();
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { id: true },
  });
  if (!org) {
    throw new ApiError("not_found", "No such organization", { code: "organization_not_found" });
  }
  const by = {
    actor: session.username,
    organizationId: org.id,
    clientIp: ip,
    sender: { operatorId: session.operatorId },
  };
  return createInvitation(by, { email, role: "manager" }, locale);
}
