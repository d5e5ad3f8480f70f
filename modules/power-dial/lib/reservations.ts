import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";

// A business being power-dialed is reserved for one rep of the organization for
// DIAL_RESERVATION_MINUTES, so two reps working the same search never call it twice.
//
// Taking is one INSERT ... ON CONFLICT DO UPDATE ... WHERE statement: PostgreSQL locks the
// conflicting row, re-checks the WHERE against its latest version and either updates it (the
// old reservation expired, or it is this rep's own and is extended) or returns nothing. Two reps
// racing for the same place therefore get exactly one row back between them, without a
// transaction or a read-then-write window.

export type TakeResult =
  | { taken: true; expiresAt: Date }
  | { taken: false; heldBy: string | null; expiresAt: Date | null };

export function reservationMs() {
  return env.DIAL_RESERVATION_MINUTES * 60_000;
}

export async function takeReservation(
  organizationId: string,
  userId: string,
  placeId: string,
  now = new Date(),
): Promise<TakeResult> {
  const db = await getDb();
  const expiresAt = new Date(now.getTime() + reservationMs());
  const rows = await db.$queryRaw<{ expiresAt: Date }[]>`
    INSERT INTO "DialReservation" ("organizationId", "placeId", "userId", "createdAt", "expiresAt")
    VALUES (${organizationId}::uuid, ${placeId}, ${userId}::uuid, ${now}, ${expiresAt})
    ON CONFLICT ("organizationId", "placeId") DO UPDATE SET
      "userId" = EXCLUDED."userId", "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt"
    WHERE "DialReservation"."expiresAt" <= ${now} OR "DialReservation"."userId" = EXCLUDED."userId"
    RETURNING "expiresAt"`;
  if (rows[0]) return { taken: true, expiresAt: new Date(rows[0].expiresAt) };
  // Lost: say who holds it (read after the fact; it may have just been released, which is fine).
  const holder = await db.dialReservation.findUnique({
    where: { organizationId_placeId: { organizationId, placeId } },
    select: { expiresAt: true, user: { select: { username: true } } },
  });
  return {
    taken: false,
    heldBy: holder?.user.username ?? null,
    expiresAt: holder?.expiresAt ?? null,
  };
}

/** Gives a place back (skip, stop, or the call is done). Only the holder's own reservation. */
export async function releaseReservation(
  organizationId: string,
  userId: string,
  placeId: string,
): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.dialReservation.deleteMany({
    where: { organizationId, placeId, userId },
  });
  return count > 0;
}

/** Live reservations held by other reps of the organization among `placeIds`. */
export async function reservedByOthers(
  organizationId: string,
  userId: string,
  placeIds: string[],
  now = new Date(),
): Promise<Map<string, { heldBy: string; expiresAt: Date }>> {
  if (placeIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.dialReservation.findMany({
    where: {
      organizationId,
      placeId: { in: placeIds },
      userId: { not: userId },
      expiresAt: { gt: now },
    },
    select: { placeId: true, expiresAt: true, user: { select: { username: true } } },
  });
  return new Map(rows.map((r) => [r.placeId, { heldBy: r.user.username, expiresAt: r.expiresAt }]));
}

/** Housekeeping: expired reservations mean nothing; drop them (at most `limit` per call). */
export async function pruneReservations(now = new Date(), limit?: number) {
  const db = await getDb();
  const { count } = await db.dialReservation.deleteMany({
    where: { expiresAt: { lte: now } },
    limit,
  });
  return count;
}
