import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { dispositionsWhere } from "./dispositions";
import { callSelect, callDtos } from "./dto";
import { PLACE_CALLS_LIMIT, type CallDto, type CallStatsResponse } from "./schemas";
import { teamCalls } from "./scope";

function utcMidnight(now: Date) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * POST /api/calls/stats: the team's Dial Count and last call for each place on screen, and
 * today's dials, talk time and conversations, for the team and for the rep. "Today" starts at
 * `dayStart` (the browser's local midnight) or else midnight UTC. Dials are calls the reps
 * placed: an inbound call is not one, though its talk time and a conversation it
 * was count. Notes today are the team's notes on any business's record created since then
 * and not deleted.
 */
export async function callStats(
  session: UserSession,
  body: { placeIds: string[]; dayStart?: string },
  now = new Date(),
): Promise<CallStatsResponse> {
  const db = await getDb();
  const placeIds = [...new Set(body.placeIds)];
  const since = body.dayStart ? new Date(body.dayStart) : utcMidnight(now);
  const conversations = Prisma.join(
    dispositionsWhere("conversation").map((d) => Prisma.sql`${d}::"CallDisposition"`),
  );

  const [perPlace, [today], notesToday] = await Promise.all([
    placeIds.length
      ? db.call.groupBy({
          by: ["placeId"],
          where: { ...teamCalls(session), placeId: { in: placeIds }, direction: "outbound" },
          _count: { _all: true },
          _max: { startedAt: true },
        })
      : Promise.resolve([]),
    db.$queryRaw<
      {
        dials: number;
        talk: number;
        conversations: number;
        myDials: number;
        myTalk: number;
        myConversations: number;
      }[]
    >`
      SELECT (count(*) FILTER (WHERE "direction" = 'outbound'))::int AS "dials",
        COALESCE(sum("talkSeconds"), 0)::int AS "talk",
        (count(*) FILTER (WHERE "disposition" IN (${conversations})))::int AS "conversations",
        (count(*) FILTER (WHERE "userId" = ${session.userId}::uuid
          AND "direction" = 'outbound'))::int AS "myDials",
        COALESCE(sum("talkSeconds") FILTER (WHERE "userId" = ${session.userId}::uuid), 0)::int AS "myTalk",
        (count(*) FILTER (WHERE "userId" = ${session.userId}::uuid
          AND "disposition" IN (${conversations})))::int AS "myConversations"
      FROM "Call"
      WHERE "organizationId" = ${session.organizationId}::uuid
        AND "startedAt" >= ${since}::timestamp(3)`,
    db.accountItem.count({
      where: {
        organizationId: session.organizationId,
        kind: "note",
        deleted: false,
        createdAt: { gte: since },
      },
    }),
  ]);

  const places: CallStatsResponse["places"] = {};
  for (const id of placeIds) places[id] = { dialCount: 0, lastCalledAt: null };
  for (const row of perPlace) {
    if (!row.placeId) continue;
    places[row.placeId] = {
      dialCount: row._count._all,
      lastCalledAt: row._max.startedAt?.toISOString() ?? null,
    };
  }
  return {
    places,
    today: { dials: today!.dials, talkSeconds: today!.talk, conversations: today!.conversations },
    mine: {
      dials: today!.myDials,
      talkSeconds: today!.myTalk,
      conversations: today!.myConversations,
    },
    notesToday,
  };
}

/** GET /api/calls/place/:placeId: the team's calls to one business (the drawer's Call Logs). */
export async function placeCalls(session: UserSession, placeId: string): Promise<CallDto[]> {
  const db = await getDb();
  const rows = await db.call.findMany({
    where: { ...teamCalls(session), placeId },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: PLACE_CALLS_LIMIT,
    select: callSelect,
  });
  return callDtos(session.organizationId, rows);
}
