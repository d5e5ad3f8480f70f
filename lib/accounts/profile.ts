import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";

export async function getProfile(userId: string) {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, emailVerified: true },
  });
  if (!user) throw new ApiError("unauthorized", "Unauthorized");
  return { email: user.email ?? "", emailVerified: user.emailVerified };
}
