import "server-only";
import type { z } from "zod";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import {
  CALLBACKS_MAX,
  CALLBACKS_OVERDUE_DAYS,
  type Callback,
  type CallbacksResponse,
  type callbacksQuerySchema,
} from "./schemas";

const DAY_MS = 86_400_000;

/**
 * The Callbacks screen: the team's appointments, callbacks from the Callback outcome
 * included, that are overdue (up to CALLBACKS_OVERDUE_DAYS) or due within `days`, soonest
 * first; the rep's own (the ones they booked) or the whole team's. Each names its business from
 * the team's account record. One indexed range read (organizationId, dueAt) and one read of the
 * account records of the places it found.
 */
export async function listCallbacks(
  session: UserSession,
  query: z.output<typeof callbacksQuerySchema>,
  now: Date = new Date(),
): Promise<CallbacksResponse> {
  const db = await getDb();
  const rows = await db.accountItem.findMany({
    where: {
      organizationId: session.organizationId,
      kind: "appointment",
      deleted: false,
      dueAt: {
        gte: new Date(now.getTime() - CALLBACKS_OVERDUE_DAYS * DAY_MS),
        lt: new Date(now.getTime() + query.days * DAY_MS),
      },
      ...(query.scope === "mine" ? { createdById: session.userId } : {}),
    },
    orderBy: [{ dueAt: "asc" }, { itemId: "asc" }],
    take: CALLBACKS_MAX + 1,
    select: {
      placeId: true,
      itemId: true,
      dueAt: true,
      data: true,
      createdById: true,
      createdBy: { select: { username: true } },
    },
  });
  const page = rows.slice(0, CALLBACKS_MAX);
  const placeIds = [...new Set(page.map((r) => r.placeId))];
  const accounts = placeIds.length
    ? await db.account.findMany({
        where: { organizationId: session.organizationId, placeId: { in: placeIds } },
        select: { placeId: true, name: true, phone: true, utcOffsetMinutes: true },
      })
    : [];
  const byPlace = new Map(accounts.map((a) => [a.placeId, a]));
  const callbacks: Callback[] = page.map((row) => {
    const data = (row.data ?? {}) as { durationMin?: unknown; note?: unknown; kind?: unknown };
    const account = byPlace.get(row.placeId);
    return {
      placeId: row.placeId,
      itemId: row.itemId,
      dueAt: row.dueAt!.toISOString(),
      durationMin: typeof data.durationMin === "number" ? data.durationMin : null,
      note: typeof data.note === "string" ? data.note : null,
      callback: data.kind === "callback",
      bookedBy: row.createdBy.username,
      mine: row.createdById === session.userId,
      business: account
        ? { name: account.name, phone: account.phone, utcOffsetMinutes: account.utcOffsetMinutes }
        : null,
    };
  });
  return { callbacks, now: now.toISOString(), truncated: rows.length > CALLBACKS_MAX };
}
