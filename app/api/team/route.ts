// GET /api/team - the signed-in member's team: every member with role and status, and the viewer
import { withUser } from "@/lib/api/handler";
import { respond } from "@/lib/api/respond";
import { teamReadLimit } from "@/modules/team/lib/limits";
import { teamOverview } from "@/modules/team/lib/members";
import { teamResponseSchema } from "@/modules/team/lib/schemas";

export const GET = withUser(
  { permission: "team.read", rateLimit: teamReadLimit },
  async ({ session }) => respond(teamResponseSchema, await teamOverview(session)),
);
