import "server-only";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";

/**
 * Who may see what in Analytics. Every member sees the team's figures and its
 * leaderboard; one rep's detail is open to that rep and to the team's managers: the role table's
 * `analytics.anyRep` (lib/auth/permissions.ts).
 */
export function seesAnyRep(session: UserSession): boolean {
  return can(session.role, "analytics.anyRep");
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
