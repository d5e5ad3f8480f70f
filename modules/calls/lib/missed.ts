import "server-only";
import type { z } from "zod";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { afterCursor, decodeCursor, encodeCursor } from "./list";
import type { MissedCall, MissedCallsResponse, missedCallsQuerySchema } from "./schemas";
import { myCalls } from "./scope";

/**
 * Missed Calls: the rep's own inbound calls that rang and were never connected (not
 * answered, declined, or answered without audio ever flowing), newest first, keyset-paged like
 * the Call Log. The rep's own, not the team's: the screen is "calls you did not answer", and a
 * phone system that rings a group rings every registered rep, so a team list would repeat one
 * caller once per rep rung and show a call a colleague took as missed.
 *
 * Each caller's number is matched against the team's outbound calls (same organization, same
 * E.164 dialedNumber): the business the team last called there, and whether anyone on the team
 * called the number after it rang.
 */
export async function listMissedCalls(
  session: UserSession,
  query: z.output<typeof missedCallsQuerySchema>,
): Promise<MissedCallsResponse> {
  const db = await getDb();
  const where: Prisma.CallWhereInput[] = [
    myCalls(session),
    // endedAt set: an answered call still being set up (connectedAt not yet known) is not missed.
    { direction: "inbound", connectedAt: null, endedAt: { not: null } },
  ];
  if (query.cursor) where.push(afterCursor(decodeCursor(query.cursor)));
  const rows = await db.call.findMany({
    where: { AND: where },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: { id: true, startedAt: true, dialedDigits: true, dialedNumber: true, outcome: true },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const numbers = [...new Set(page.map((c) => c.dialedNumber).filter((n) => n !== null))];
  const known = await teamCallsTo(session, numbers);
  const calls: MissedCall[] = page.map((call) => {
    const team = call.dialedNumber ? known.get(call.dialedNumber) : undefined;
    const calledBack = team && team.lastCalledAt > call.startedAt ? team.lastCalledAt : null;
    return {
      id: call.id,
      startedAt: call.startedAt.toISOString(),
      callerDigits: call.dialedDigits,
      callerNumber: call.dialedNumber,
      placeId: team?.placeId ?? null,
      calledBackAt: calledBack ? calledBack.toISOString() : null,
      declined: call.outcome === "declined",
    };
  });
  return {
    calls,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * The team's outbound calls to each number: when the last one started, and the business of the
 * last one that had one. One query for the page (the organization's dialedNumber index).
 */
async function teamCallsTo(session: UserSession, numbers: string[]) {
  const out = new Map<string, { lastCalledAt: Date; placeId: string | null }>();
  if (numbers.length === 0) return out;
  const db = await getDb();
  const rows = await db.$queryRaw<
    { dialedNumber: string; lastCalledAt: Date; placeId: string | null }[]
  >`
    SELECT "dialedNumber",
      max("startedAt") AS "lastCalledAt",
      (array_agg("placeId" ORDER BY "startedAt" DESC, "id" DESC)
        FILTER (WHERE "placeId" IS NOT NULL))[1] AS "placeId"
    FROM "Call"
    WHERE "organizationId" = ${session.organizationId}::uuid
      AND "direction" = 'outbound'
      AND "dialedNumber" IN (${Prisma.join(numbers)})
    GROUP BY "dialedNumber"`;
  for (const row of rows) {
    out.set(row.dialedNumber, {
      lastCalledAt: new Date(row.lastCalledAt),
      placeId: row.placeId,
    });
  }
  return out;
}
