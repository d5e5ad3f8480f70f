import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DialCountry } from "./dialing-rules";
import type { AbandonmentResponse, AbandonmentWindow, DialingRulesBody } from "./schemas";

// Parallel dialing's rules on the server: the team's abandonment rates and the settings they are
// judged by. A call is "answered by a person" when it is outbound, connected and was not left to
// a machine (the detector said machine and the rep did not correct it, or the voicemail went
// automatically); "abandoned" when its record also carries abandonedAt. Both windows are read in
// one pass over the team's range of the (organizationId, startedAt) index.

const HOUR_MS = 3600_000;

/** The rows answered by a person, as one SQL condition (the same in every count). */
export const answeredByPerson = Prisma.raw(`"direction" = 'outbound' AND "connectedAt" IS NOT NULL
  AND ("detectionVerdict" IS DISTINCT FROM 'machine' OR "detectionOverridden" IS TRUE)
  AND "automaticVoicemail" IS NOT TRUE`);

type Counts = { person24: number; abandoned24: number; person30: number; abandoned30: number };

const windowOf = (answeredByPerson: number, abandoned: number): AbandonmentWindow => ({
  answeredByPerson,
  abandoned,
  ratePercent: answeredByPerson === 0 ? 0 : (abandoned / answeredByPerson) * 100,
});

/** The team's abandonment counts and rates over the last 24 hours and the last 30 days. */
export async function abandonmentRates(organizationId: string, now = new Date(), client?: Db) {
  const db = client ?? (await getDb());
  const since24 = new Date(now.getTime() - 24 * HOUR_MS);
  const since30 = new Date(now.getTime() - 30 * 24 * HOUR_MS);
  const rows = await db.$queryRaw<Counts[]>`
    SELECT
      COUNT(*) FILTER (WHERE "startedAt" >= ${since24}::timestamp(3))::int AS "person24",
      COUNT(*) FILTER (WHERE "startedAt" >= ${since24}::timestamp(3)
        AND "abandonedAt" IS NOT NULL)::int AS "abandoned24",
      COUNT(*)::int AS "person30",
      COUNT(*) FILTER (WHERE "abandonedAt" IS NOT NULL)::int AS "abandoned30"
    FROM "Call"
    WHERE "organizationId" = ${organizationId}::uuid
      AND "startedAt" >= ${since30}::timestamp(3) AND "startedAt" <= ${now}::timestamp(3)
      AND ${answeredByPerson}`;
  const c = rows[0] ?? { person24: 0, abandoned24: 0, person30: 0, abandoned30: 0 };
  return {
    last24Hours: windowOf(Number(c.person24), Number(c.abandoned24)),
    last30Days: windowOf(Number(c.person30), Number(c.abandoned30)),
  };
}

const rulesSelect = {
  dialCountry: true,
  abandonCapPercent: true,
  noRedialHours: true,
  minRingSeconds: true,
} as const;

/** The team's rules as the API answers them, with the edge's lines for one rep. */
export async function dialingRulesOf(organizationId: string, client?: Db) {
  const db = client ?? (await getDb());
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: rulesSelect,
  });
  return {
    country: org.dialCountry as DialCountry,
    capPercent: org.abandonCapPercent,
    noRedialHours: org.noRedialHours,
    minRingSeconds: org.minRingSeconds,
    maxLines: env.DIAL_MAX_LINES,
  };
}

/** GET /api/dialing/abandonment: the rules and both rates, for the rep's dialer. */
export async function abandonmentOf(
  organizationId: string,
  now = new Date(),
): Promise<AbandonmentResponse> {
  return {
    ...(await dialingRulesOf(organizationId)),
    ...(await abandonmentRates(organizationId, now)),
  };
}

/**
 * A manager sets the four rules, and whether reps are told of monitoring when the body says
 * (checked by dialingRulesBodySchema before this runs).
 */
export async function setDialingRules(organizationId: string, body: DialingRulesBody) {
  const db = await getDb();
  await db.organization.update({
    where: { id: organizationId },
    data: {
      dialCountry: body.country,
      abandonCapPercent: body.capPercent,
      noRedialHours: body.noRedialHours,
      minRingSeconds: body.minRingSeconds,
      ...(body.announceMonitoring === undefined
        ? {}
        : { announceMonitoring: body.announceMonitoring }),
    },
  });
}

/**
 * The first of `numbers` (E.164) whose call the team abandoned within its noRedialHours, with
 * when; null when none. Read through the (organizationId, dialedNumber) index.
 */
export async function abandonedRecently(
  organizationId: string,
  numbers: string[],
  now = new Date(),
): Promise<{ number: string; abandonedAt: Date; noRedialHours: number } | null> {
  if (numbers.length === 0) return null;
  const db = await getDb();
  const { noRedialHours } = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { noRedialHours: true },
  });
  const row = await db.call.findFirst({
    where: {
      organizationId,
      dialedNumber: { in: numbers },
      abandonedAt: { gte: new Date(now.getTime() - noRedialHours * HOUR_MS) },
    },
    select: { dialedNumber: true, abandonedAt: true },
    orderBy: { abandonedAt: "desc" },
  });
  if (!row?.dialedNumber || !row.abandonedAt) return null;
  return { number: row.dialedNumber, abandonedAt: row.abandonedAt, noRedialHours };
}
