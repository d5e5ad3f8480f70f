import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { publishTeamChange } from "@/lib/live/bus";
import { pushChanges } from "./items";
import type { AccountChange, AccountSummary } from "./schemas";

/**
 * A push from a browser or the REST API: the changes applied, then the team's open screens told
 * that this business's record changed (GET /api/live), whoever sent it.
 */
export async function pushAndAnnounce(
  session: UserSession,
  placeId: string,
  changes: AccountChange[],
  account?: AccountSummary,
) {
  const answer = await pushChanges(session, placeId, changes, new Date(), account);
  await publishTeamChange(session.organizationId, {
    topic: "records",
    placeId,
    by: session.userId,
  });
  return answer;
}
