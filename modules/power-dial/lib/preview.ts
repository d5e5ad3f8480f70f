import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { normaliseForOrg, onDncList } from "@/modules/do-not-call/lib/do-not-call";
import { reservedByOthers } from "./reservations";
import type { DialSettings, PreviewBody, PreviewResponse } from "./schemas";

export function dialSettings(): DialSettings {
  return {
    countdownSeconds: env.DIAL_COUNTDOWN_SECONDS,
    reservationMinutes: env.DIAL_RESERVATION_MINUTES,
    recentHours: env.DIAL_RECENT_HOURS,
    window: { ...env.DIAL_WINDOW, days: env.DIAL_WINDOW_DAYS },
  };
}

/**
 * What the server knows about the places of a session before it starts: which numbers are on
 * the do-not-call list, which places another rep holds, and which the team called within
 * DIAL_RECENT_HOURS. Opening hours and missing phones are the browser's to judge (it has the
 * place data; the server stores only place ids).
 */
export async function previewSession(
  session: UserSession,
  body: PreviewBody,
  now = new Date(),
): Promise<PreviewResponse> {
  const db = await getDb();
  const placeIds = [...new Set(body.places.map((p) => p.placeId))];
  const numbers = new Map<string, string>();
  for (const p of body.places) {
    const e164 = p.phone ? await normaliseForOrg(session.organizationId, p.phone) : null;
    if (e164) numbers.set(p.placeId, e164);
  }
  const since = new Date(now.getTime() - env.DIAL_RECENT_HOURS * 3_600_000);
  const [dnc, reserved, recent] = await Promise.all([
    onDncList(session, [...numbers.values()]),
    reservedByOthers(session.organizationId, session.userId, placeIds, now),
    env.DIAL_RECENT_HOURS > 0 && placeIds.length
      ? db.call.groupBy({
          by: ["placeId"],
          where: {
            organizationId: session.organizationId,
            placeId: { in: placeIds },
            startedAt: { gte: since },
          },
          _max: { startedAt: true },
        })
      : Promise.resolve([]),
  ]);
  const recentAt = new Map(recent.map((r) => [r.placeId, r._max.startedAt]));
  const places: PreviewResponse["places"] = {};
  for (const id of placeIds) {
    const number = numbers.get(id);
    places[id] = {
      doNotCall: number ? dnc.has(number) : false,
      reservedBy: reserved.get(id)?.heldBy ?? null,
      recentCallAt: recentAt.get(id)?.toISOString() ?? null,
    };
  }
  return { settings: dialSettings(), places };
}
