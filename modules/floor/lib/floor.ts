import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { MonitorMode } from "./limits";
import { activeMonitorsByRep } from "./monitor";
import { currentPresence } from "./presence-store";
import type { FloorRep, FloorResponse } from "./schemas";

/**
 * The live floor: every active member of the manager's organization with their presence (from
 * this instance's memory, which the live bus keeps current) and today's outbound figures since
 * `since`: dials, connects (connected outbound calls) and talk seconds. One read on the calls'
 * analytics index (organization, startedAt, then the columns it sums). Each rep's active
 * monitoring session comes along (one ended on this read, being over, is audited with `ip`).
 */
export async function teamFloor(
  session: UserSession,
  since: Date,
  now = new Date(),
  ip: string | null = null,
): Promise<FloorResponse> {
  const db = await getDb();
  const org = session.organizationId;
  const rows = await db.$queryRaw<
    {
      id: string;
      name: string;
      role: "rep" | "manager";
      dials: number;
      connects: number;
      talkSeconds: number;
    }[]
  >`
    SELECT u."id"::text AS "id", u."username" AS "name", u."role"::text AS "role",
      COUNT(c."id")::int AS "dials", COUNT(c."connectedAt")::int AS "connects",
      COALESCE(SUM(c."talkSeconds"), 0)::int AS "talkSeconds"
    FROM "User" u
    LEFT JOIN "Call" c ON c."organizationId" = ${org}::uuid AND c."userId" = u."id"
      AND c."direction" = 'outbound'::"CallDirection" AND c."startedAt" >= ${since}::timestamp(3)
    WHERE u."organizationId" = ${org}::uuid AND NOT u."disabled"
    GROUP BY u."id", u."username", u."role"
    ORDER BY u."username"`;
  const monitors = await activeMonitorsByRep({ session, ip });
  const at = now.getTime();
  return {
    now: now.toISOString(),
    reps: rows.map((row) => {
      const presence = currentPresence(org, row.id, at);
      return {
        id: row.id,
        name: row.name,
        role: row.role,
        self: row.id === session.userId,
        state: presence?.state ?? "offline",
        since: presence ? new Date(presence.since).toISOString() : null,
        business: presence?.business ?? null,
        powerDial: presence?.powerDial ?? null,
        quality: presence?.quality ?? null,
        today: { dials: row.dials, connects: row.connects, talkSeconds: row.talkSeconds },
        monitor: monitorOf(monitors.get(row.id), session.userId),
      };
    }),
  };
}

function monitorOf(
  row:
    { id: string; mode: MonitorMode; managerId: string; manager: { username: string } } | undefined,
  reader: string,
): FloorRep["monitor"] {
  if (!row) return null;
  return {
    id: row.id,
    mode: row.mode,
    managerId: row.managerId,
    managerName: row.manager.username,
    mine: row.managerId === reader,
  };
}
