import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";

/** The organization of a signed-in rep; every power-dial query is scoped by it. */
export async function organizationIdOf(userId: string): Promise<string> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { organizationId: true } });
  // A session outlives nothing it belongs to (sessions cascade with users), so this is a race.
  if (!user) throw new ApiError("unauthorized", "Unauthorized");
  return user.organizationId;
}
