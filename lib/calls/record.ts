import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb, type Db } from "@/lib/db/client";
import { callSelect, talkSecondsOf, toCallDto } from "./dto";
import { countryOf, toE164 } from "./phone";
import type { CallDto, CallPutBody } from "./schemas";
import { myCalls } from "./scope";

/** A dialer clock this far ahead of the server's is tolerated; beyond it a time is refused. */
const CLOCK_SKEW_MS = 10 * 60_000;

type Times = { startedAt: Date; connectedAt: Date | null; endedAt: Date | null };

function timesOf(body: CallPutBody, now: Date): Times {
  const date = (v: string | null | undefined) => (v ? new Date(v) : null);
  const times = {
    startedAt: new Date(body.startedAt),
    connectedAt: date(body.connectedAt),
    endedAt: date(body.endedAt),
  };
  for (const [field, value] of Object.entries(times)) {
    if (value && value.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw new ApiError("validation", `${field}: Cannot be in the future`, {
        details: { fields: { [field]: "Cannot be in the future" } },
      });
    }
  }
  return times;
}

const notFound = () => new ApiError("not_found", "Call not found");

/**
 * PUT /api/calls/:id: records a call the first time its id is seen and completes it later.
 * Retries are harmless: a second create finds the row and only fills in what is still empty,
 * and connectedAt, endedAt and endReason are never overwritten once set, so an older retry
 * arriving late cannot undo a completed call. talkSeconds is always computed here.
 * A call id that belongs to another rep or organization answers 404 (its existence is not told).
 */
export async function recordCall(
  session: UserSession,
  id: string,
  body: CallPutBody,
  now = new Date(),
): Promise<{ created: boolean; call: CallDto }> {
  const db = await getDb();
  const times = timesOf(body, now);
  const existing = await db.call.findUnique({
    where: { id },
    select: { userId: true, organizationId: true },
  });
  let created = false;
  if (!existing) created = await createCall(db, session, id, body, times);
  else if (
    existing.userId !== session.userId ||
    existing.organizationId !== session.organizationId
  ) {
    throw notFound();
  }
  if (!created) await completeCall(db, session, id, body, times);
  const row = await db.call.findFirst({ where: { id, ...myCalls(session) }, select: callSelect });
  if (!row) throw notFound();
  return { created, call: toCallDto(row) };
}

/**
 * The create path, and the only one: a new call's number is resolved and the row inserted.
 * Checks that must stop a new call (do-not-call) belong here, before the insert; completing an
 * existing call never passes through it. Returns false when a concurrent request created the
 * row first (the caller then completes it like any retry).
 */
async function createCall(db: Db, session: UserSession, id: string, body: CallPutBody, t: Times) {
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: session.organizationId },
    select: { callerId: true },
  });
  const dialedDigits = body.dialedDigits.trim();
  const dialedNumber = toE164(dialedDigits, countryOf(organization.callerId));
  const ended = t.endedAt ? body.endReason : null;
  // ON CONFLICT DO NOTHING: two first PUTs racing each other make one row; the loser's insert
  // waits for the winner's and then does nothing.
  const inserted = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "Call" ("id", "organizationId", "userId", "placeId", "dialedDigits",
      "dialedNumber", "originatingNumber", "startedAt", "connectedAt", "endedAt", "talkSeconds",
      "endReason", "updatedAt")
    VALUES (${id}, ${session.organizationId}::uuid, ${session.userId}::uuid, ${body.placeId ?? null},
      ${dialedDigits}, ${dialedNumber}, ${organization.callerId}, ${t.startedAt}::timestamp(3),
      ${t.connectedAt}::timestamp(3), ${t.endedAt}::timestamp(3),
      ${talkSecondsOf(t.connectedAt, t.endedAt)}::int, ${ended ?? null}::"CallEndReason", ${new Date()}::timestamp(3))
    ON CONFLICT ("id") DO NOTHING
    RETURNING "id"`;
  return inserted.length === 1;
}

/**
 * Fills in what is still empty, in one statement so that concurrent retries cannot interleave:
 * each column keeps its first value, and talkSeconds follows the values the row ends up with.
 * A body that adds nothing changes nothing (not even updatedAt).
 */
async function completeCall(db: Db, session: UserSession, id: string, body: CallPutBody, t: Times) {
  const c = t.connectedAt;
  const e = t.endedAt;
  if (!c && !e) return;
  const reason = e ? (body.endReason ?? null) : null;
  await db.$executeRaw`
    UPDATE "Call" SET
      "connectedAt" = COALESCE("connectedAt", ${c}::timestamp(3)),
      "endedAt" = COALESCE("endedAt", ${e}::timestamp(3)),
      "endReason" = COALESCE("endReason", ${reason}::"CallEndReason"),
      "talkSeconds" = CASE
        WHEN COALESCE("endedAt", ${e}::timestamp(3)) IS NULL THEN NULL
        WHEN COALESCE("connectedAt", ${c}::timestamp(3)) IS NULL THEN 0
        ELSE GREATEST(0, FLOOR(EXTRACT(EPOCH FROM
          COALESCE("endedAt", ${e}::timestamp(3)) - COALESCE("connectedAt", ${c}::timestamp(3)))))::int
        END,
      "updatedAt" = ${new Date()}::timestamp(3)
    WHERE "id" = ${id} AND "userId" = ${session.userId}::uuid
      AND "organizationId" = ${session.organizationId}::uuid
      AND (("connectedAt" IS NULL AND ${c}::timestamp(3) IS NOT NULL)
        OR ("endedAt" IS NULL AND ${e}::timestamp(3) IS NOT NULL))`;
}
