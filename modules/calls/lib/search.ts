import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { placesNamed } from "@/modules/records/lib/accounts";
import { callerIdPool, homeCallerId } from "@/modules/telephony/lib/caller-ids";
import { callDtos, callSelect } from "./dto";
import { countryOf, MIN_PARTIAL_DIGITS, phoneQuery } from "./phone";
import { CALL_SEARCH_LIMIT, type CallDto } from "./schemas";
import { teamCalls } from "./scope";

/**
 * Call History search over the team's calls: by id, dialed number (any formatting: the query is
 * read as E.164 and also compared by its digits), the caller ID it presented (originating
 * number), agent username
 * ("Olivia Bennett" also finds olivia.bennett), or the business's name as the team's account
 * records keep it. Exact matches win: only when nothing matches
 * exactly are partial matches (an id prefix, 4+ digits inside a number, part of a username)
 * tried. Newest first, at most CALL_SEARCH_LIMIT.
 */
export async function searchCalls(session: UserSession, query: string): Promise<CallDto[]> {
  const db = await getDb();
  const q = query.trim();
  const pool = await callerIdPool(session.organizationId, db);
  const phone = phoneQuery(q, countryOf(homeCallerId(pool)));
  const names = [...new Set([q, q.replace(/\s+/g, "."), q.replace(/\s+/g, "")])];

  const exact: Prisma.CallWhereInput[] = [
    { id: { in: [...new Set([q, q.toLowerCase(), q.toUpperCase()])] } },
  ];
  const partial: Prisma.CallWhereInput[] = [{ id: { startsWith: q, mode: "insensitive" } }];
  if (phone) {
    const numbers = [phone.e164, `+${phone.digits}`].filter((n): n is string => !!n);
    exact.push(
      { dialedNumber: { in: numbers } },
      { dialedDigits: phone.digits },
      { originatingNumber: { in: numbers } },
    );
    if (phone.digits.length >= MIN_PARTIAL_DIGITS) {
      partial.push(
        { dialedDigits: { contains: phone.digits } },
        { dialedNumber: { contains: phone.digits } },
        { originatingNumber: { contains: phone.digits } },
      );
    }
  } else {
    exact.push({
      user: { OR: names.map((n) => ({ username: { equals: n, mode: "insensitive" } })) },
    });
    partial.push({
      user: { OR: names.map((n) => ({ username: { contains: n, mode: "insensitive" } })) },
    });
    // A business's name, as the team's account records keep it.
    const [named, nameLike] = await Promise.all([
      placesNamed(session.organizationId, q, false),
      placesNamed(session.organizationId, q, true),
    ]);
    if (named.length) exact.push({ placeId: { in: named } });
    if (nameLike.length) partial.push({ placeId: { in: nameLike } });
  }

  for (const match of [exact, partial]) {
    const rows = await db.call.findMany({
      where: { AND: [teamCalls(session), { OR: match }] },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      take: CALL_SEARCH_LIMIT,
      select: callSelect,
    });
    if (rows.length) return callDtos(session.organizationId, rows);
  }
  return [];
}
