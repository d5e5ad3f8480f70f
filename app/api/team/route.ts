// GET /api/team - the signed-in member's team: every member with role and status, and the viewer
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { teamReadLimit } from "@/modules/team/lib/limits";
import { listMembers } from "@/modules/team/lib/members";
import { teamResponseSchema } from "@/modules/team/lib/schemas";

export const GET = withUser(
  { permission: "team.read", rateLimit: teamReadLimit },
  async ({ session }) => {
    const db = await getDb();
    const [organization, members] = await Promise.all([
      db.organization.findUniqueOrThrow({
        where: { id: session.organizationId },
        select: { name: true, requireTwoFactor: true },
      }),
      listMembers(db, session.organizationId),
    ]);
    return respond(teamResponseSchema, {
      organization: organization.name,
      viewer: {
        userId: session.userId,
        role: session.role,
        canManage: can(session.role, "team.manage"),
      },
      members,
      requireTwoFactor: organization.requireTwoFactor,
    });
  },
);
