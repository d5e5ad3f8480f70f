import "server-only";
import { getDb } from "@/lib/db/client";

// The team's account records: the business a team works, as a rep saw it (name,
// number, UTC offset), kept per organization and place id. Written with a records push
// (modules/records/lib/items.ts keepAccount); read here to name the businesses of calls and callbacks,
// and to find calls by a business's name.

/** Business names by place id, for the place ids given (those the team keeps a record of). */
export async function businessNames(
  organizationId: string,
  placeIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(placeIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.account.findMany({
    where: { organizationId, placeId: { in: ids } },
    select: { placeId: true, name: true },
  });
  return new Map(rows.map((r) => [r.placeId, r.name]));
}

/** At most this many businesses match one name search (Call History). */
const NAMED_PLACES_MAX = 200;

/** The place ids of the team's businesses named `name` (or, `partial`, containing it). */
export async function placesNamed(
  organizationId: string,
  name: string,
  partial: boolean,
): Promise<string[]> {
  const q = name.trim();
  if (!q) return [];
  const db = await getDb();
  const rows = await db.account.findMany({
    where: {
      organizationId,
      name: partial ? { contains: q, mode: "insensitive" } : { equals: q, mode: "insensitive" },
    },
    select: { placeId: true },
    take: NAMED_PLACES_MAX,
  });
  return rows.map((r) => r.placeId);
}

/**
 * Keeps the business a rep dialed as the team's account record: its name and the number
 * dialed, without overwriting what a drawer recorded of it (its number as listed, its offset).
 */
export async function keepAccountName(
  session: { organizationId: string; userId: string },
  placeId: string,
  name: string,
  phone: string,
) {
  const db = await getDb();
  const now = new Date();
  await db.account.upsert({
    where: { organizationId_placeId: { organizationId: session.organizationId, placeId } },
    create: {
      organizationId: session.organizationId,
      placeId,
      name,
      phone: phone.slice(0, 40) || null,
      updatedById: session.userId,
      updatedAt: now,
    },
    update: { name, updatedById: session.userId, updatedAt: now },
  });
}
