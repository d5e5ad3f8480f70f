import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";

/**
 * Who may see what in Analytics (issue 32). Every member sees the team's figures and its
 * leaderboard; one rep's detail is open to that rep and to the team's managers.
 *
 * The app has no roles yet (issue 33 brings invitations and roles): until then the manager is
 * the organization's owner, its first member (earliest created account). When roles arrive,
 * only `isManager` changes.
 */
export async function isManager(session: UserSession): Promise<boolean> {
  const db = await getDb();
  const owner = await db.user.findFirst({
    where: { organizationId: session.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return owner?.id === session.userId;
}

export type AnalyticsScope = { organizationId: string; userId: string | null };

/** The team's reps, for the picker and the leaderboard's names. */
export async function teamReps(session: UserSession) {
  const db = await getDb();
  return db.user.findMany({
    where: { organizationId: session.organizationId },
    orderBy: { username: "asc" },
    select: { id: true, username: true },
  });
}

/**
 * The calls a request may aggregate: the team's, or one rep's when the viewer is that rep or a
 * manager. A rep outside the team answers 404 (whether the id exists elsewhere is not told).
 */
export function scopeFor(
  session: UserSession,
  agent: string,
  manager: boolean,
  reps: { id: string }[],
): AnalyticsScope {
  if (agent === "team") return { organizationId: session.organizationId, userId: null };
  if (!reps.some((r) => r.id === agent))
    throw new ApiError("not_found", "No such rep on your team");
  if (agent !== session.userId && !manager) {
    throw new ApiError("forbidden", "Only managers see another rep's detail");
  }
  return { organizationId: session.organizationId, userId: agent };
}
