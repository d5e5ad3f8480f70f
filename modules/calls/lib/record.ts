import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb, type Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { doNotCallRefusal, invalidNumber, onDncList } from "@/modules/do-not-call/lib/do-not-call";
import { keepAccountName } from "@/modules/records/lib/accounts";
import { callerIdPool, homeCallerId, presentedCallerId } from "@/modules/telephony/lib/caller-ids";
import { checkAbandonable, markAbandoned } from "./abandon";
import {
  detectionColumnsOf,
  detectionFillIn,
  detectionFills,
  detectionInsertColumns,
  detectionInsertValues,
} from "./detection";
import { callDtos, callSelect, outcomeToDb, talkSecondsOf } from "./dto";
import { dialStringTargets } from "./dialed-number";
import { countryOf } from "./phone";
import { CALL_MAX_MS, callTooLong, type CallDto, type CallPutBody } from "./schemas";
import { myCalls } from "./scope";

/** A dialer clock this far ahead of the server's is tolerated; beyond it a time is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;
/**
 * The oldest start recorded. The browser's outbox sends a call as soon as it is back online, so
 * an older start is a broken clock or a forged body; unbounded, a start in 1958 completed today
 * overflowed talkSeconds (an int column) and the call answered 500 on every retry.
 */
const MAX_AGE_MS = 30 * 24 * 3600_000;

type Times = { startedAt: Date; connectedAt: Date | null; endedAt: Date | null };

/** A 400 in the shape of the wrapper's zod errors, for rules that need the server's clock or row. */
const refuse = (field: string, message: string) =>
  new ApiError("validation", `${field}: ${message}`, {
    details: { fields: { [field]: message } },
  });

function timesOf(body: CallPutBody, now: Date): Times {
  const date = (v: string | null | undefined) => (v ? new Date(v) : null);
  const times = {
    startedAt: new Date(body.startedAt),
    connectedAt: date(body.connectedAt),
    endedAt: date(body.endedAt),
  };
  for (const [field, value] of Object.entries(times)) {
    if (value && value.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw refuse(field, "Cannot be in the future");
    }
  }
  // connectedAt and endedAt are not before startedAt (the schema), so this bounds them too.
  if (times.startedAt.getTime() < now.getTime() - MAX_AGE_MS) {
    throw refuse("startedAt", "Cannot be more than 30 days ago");
  }
  return times;
}

/**
 * A completion is measured against the start as stored, which need not be the one this body
 * sends (nothing forces a retry to repeat it, and rows recorded before these bounds exist):
 * talkSeconds follows the stored values. Only a body that fills something in is checked, so a
 * retry of what is already stored still answers 200.
 */
function checkCompletion(stored: Times, t: Times) {
  const fills = (!stored.connectedAt && t.connectedAt) || (!stored.endedAt && t.endedAt);
  if (!fills) return;
  // The first start is the call's: a later body cannot move it, nor connect or end the call
  // before it (a body whose own times were in order, all hours earlier, gave a connection
  // before the start and a day of talk).
  const start = stored.startedAt.getTime();
  const connected = stored.connectedAt ?? t.connectedAt;
  if (!stored.connectedAt && t.connectedAt && t.connectedAt.getTime() < start) {
    throw refuse("connectedAt", "Cannot be before the call started");
  }
  if (!stored.endedAt && t.endedAt) {
    if (t.endedAt.getTime() < start) throw refuse("endedAt", "Cannot be before the call started");
    if (connected && t.endedAt.getTime() < connected.getTime()) {
      throw refuse("endedAt", "Cannot be before the call connected");
    }
  }
  const ended = stored.endedAt ?? t.endedAt;
  const last = ended ?? stored.connectedAt ?? t.connectedAt;
  if (last && last.getTime() - stored.startedAt.getTime() > CALL_MAX_MS) {
    throw refuse(ended ? "endedAt" : "connectedAt", callTooLong);
  }
}

const notFound = () => new ApiError("not_found", "Call not found");

/** What the line reported about the call, as the columns store it; null when unknown. */
function lineReportOf(body: CallPutBody) {
  return {
    outcome: body.outcome ? outcomeToDb(body.outcome) : null,
    sipStatus: body.sipStatus ?? null,
    quality: body.quality ?? null,
  };
}

/**
 * PUT /api/calls/:id: records a call the first time its id is seen and completes it later.
 * Retries are harmless: a second create finds the row and only fills in what is still empty,
 * and connectedAt, endedAt, endReason, the line's outcome, SIP status and quality summary are
 * never overwritten once set, so an older retry arriving late cannot undo a completed call.
 * talkSeconds is always computed here. The direction, and the business's UTC offset and category
 * (outbound only), are the first PUT's and never change; so is the answering-machine detection
 * (outbound only, modules/calls/lib/detection.ts).
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
    select: {
      userId: true,
      organizationId: true,
      startedAt: true,
      connectedAt: true,
      endedAt: true,
      direction: true,
      detectionVerdict: true,
      detectionOverridden: true,
      automaticVoicemail: true,
    },
  });
  // Parallel dialing's abandonment is refused before the body writes anything (./abandon.ts);
  // another rep's call answers 404 below whatever it says.
  const foreign =
    existing &&
    (existing.userId !== session.userId || existing.organizationId !== session.organizationId);
  if (!foreign) checkAbandonable(existing, body);
  let created = false;
  if (!existing) created = await createCall(db, session, id, body, times);
  else if (
    existing.userId !== session.userId ||
    existing.organizationId !== session.organizationId
  ) {
    throw notFound();
  } else checkCompletion(existing, times);
  if (!created) await completeCall(db, session, id, body, times);
  if (body.abandoned === true) await markAbandoned(db, session, id, now);
  // A business the team dials becomes its account record, named as the rep saw it.
  if (created && body.placeId && body.placeName)
    await keepAccountName(session, body.placeId, body.placeName, body.dialedDigits);

  const row = await db.call.findFirst({ where: { id, ...myCalls(session) }, select: callSelect });
  if (!row) throw notFound();
  return { created, call: (await callDtos(session.organizationId, [row]))[0]! };
}

/**
 * The create path, and the only one: a new call's number is resolved and the row inserted.
 * Checks that must stop a new call (do-not-call) belong here, before the insert; completing an
 * existing call never passes through it. Returns false when a concurrent request created the
 * row first (the caller then completes it like any retry).
 *
 * An inbound call is read the same way but never refused: do-not-call is about
 * calling out, and a call someone made to the rep happened whatever the list says. Nor is a
 * caller's number that reads as no phone number (withheld, "anonymous", an internal extension
 * such as "201"): refusing it would lose the record of a real call (a 4xx is final for the
 * browser's outbox), so it is recorded with dialedNumber null. Missed Calls then shows it
 * without Call back, and it never matches a business or a do-not-call entry.
 */
async function createCall(db: Db, session: UserSession, id: string, body: CallPutBody, t: Times) {
  const pool = await callerIdPool(session.organizationId, db);
  const dialedDigits = body.dialedDigits.trim();
  const inbound = body.direction === "inbound";
  // The numbers the dial string may ring, however it was dialed ("*67...", "011...", "...#"),
  // the one recorded first: an outbound string that rings none is refused, so no call out
  // escapes the do-not-call match unread.
  const targets = dialStringTargets(dialedDigits, countryOf(homeCallerId(pool)));
  const dialedNumber = targets[0] ?? null;
  // The number the call presented: chosen by the same rule, from the same pool, as
  // its authorisation (modules/telephony/lib/authorize.ts) a moment before. An inbound call rang the
  // team's default number as far as the record can tell.
  const callerId = inbound ? homeCallerId(pool) : presentedCallerId(pool, dialedNumber).callerId;
  if (!inbound) {
    if (!dialedNumber) throw invalidNumber(dialedDigits, "dialedDigits");
    // A number on the team's do-not-call list is never recorded as a new call.
    const listed = await onDncList(session, targets);
    const refused = targets.find((n) => listed.has(n));
    if (refused) {
      throw doNotCallRefusal(refused);
    }
  }
  const ended = t.endedAt ? body.endReason : null;
  const line = lineReportOf(body);
  const q = line.quality;
  const qIn = q?.incoming ?? null;
  const qOut = q?.outgoing ?? null;
  const transfer = await transferOf(db, session, body);
  // Only a call of this organization can be the one this call was transferred from.
  const transferredFrom = inbound ? await sameOrganizationCall(db, session, body) : null;
  const detection = detectionColumnsOf(body, inbound);
  // ON CONFLICT DO NOTHING: two first PUTs racing each other make one row; the loser's insert
  // waits for the winner's and then does nothing.
  const inserted = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "Call" ("id", "organizationId", "userId", "placeId", "dialedDigits",
      "dialedNumber", "originatingNumber", "startedAt", "connectedAt", "endedAt", "talkSeconds",
      "endReason", "direction", "outcome", "sipStatus", "qualitySamples", "averageMos",
      "worstMos", "worstJitterMs", "worstLossFraction", "incomingAverageMos", "incomingWorstMos",
      "incomingWorstJitterMs", "incomingWorstLossFraction", "outgoingAverageMos", "outgoingWorstMos",
      "outgoingWorstJitterMs", "outgoingWorstLossFraction", "transferredAt", "transferredToUserId",
      "transferredToNumber", "transferredFromCallId", "businessUtcOffsetMinutes",
      "businessCategory", ${detectionInsertColumns}, "updatedAt")
    VALUES (${id}, ${session.organizationId}::uuid, ${session.userId}::uuid, ${body.placeId ?? null},
      ${dialedDigits}, ${dialedNumber}, ${callerId}, ${t.startedAt}::timestamp(3),
      ${t.connectedAt}::timestamp(3), ${t.endedAt}::timestamp(3),
      ${talkSecondsOf(t.connectedAt, t.endedAt)}::int, ${ended ?? null}::"CallEndReason",
      ${inbound ? "inbound" : "outbound"}::"CallDirection", ${line.outcome}::"CallOutcome",
      ${line.sipStatus}::int, ${q?.samples ?? null}::int, ${q?.averageMos ?? null}::float8,
      ${q?.worstMos ?? null}::float8, ${q?.worstJitterMs ?? null}::float8,
      ${q?.worstLossFraction ?? null}::float8, ${qIn?.averageMos ?? null}::float8,
      ${qIn?.worstMos ?? null}::float8, ${qIn?.worstJitterMs ?? null}::float8,
      ${qIn?.worstLossFraction ?? null}::float8, ${qOut?.averageMos ?? null}::float8,
      ${qOut?.worstMos ?? null}::float8, ${qOut?.worstJitterMs ?? null}::float8,
      ${qOut?.worstLossFraction ?? null}::float8, ${transfer.at}::timestamp(3),
      ${transfer.toUserId}::uuid, ${transfer.toNumber}, ${transferredFrom}, ${inbound ? null : (body.businessUtcOffsetMinutes ?? null)}::int,
      ${inbound ? null : (body.businessCategory ?? null)}, ${detectionInsertValues(detection)},
      ${new Date()}::timestamp(3))
    ON CONFLICT ("id") DO NOTHING
    RETURNING "id"`;
  return inserted.length === 1;
}

/**
 * Fills in what is still empty, in one statement so that concurrent retries cannot interleave:
 * each column keeps its first value, and talkSeconds follows the values the row ends up with.
 * The quality summary fills in as a whole (its columns are set together or not at all), so two
 * summaries are never mixed. A body that adds nothing changes nothing (not even updatedAt).
 */
async function completeCall(db: Db, session: UserSession, id: string, body: CallPutBody, t: Times) {
  const c = t.connectedAt;
  const e = t.endedAt;
  const line = lineReportOf(body);
  const q = line.quality;
  const transfer = await transferOf(db, session, body);
  // The stored direction decides whether a detection is kept (detectionFillIn), not this body's.
  const detection = detectionColumnsOf(body, false);
  const nothingNew = !c && !e && !line.outcome && line.sipStatus === null && !q && !transfer.at;
  if (nothingNew && !detection.verdict) return;
  const reason = e ? (body.endReason ?? null) : null;
  // The summary's own columns: the stored one while there is one, else the body's.
  const keep = Prisma.sql`"averageMos" IS NOT NULL`;
  const qIn = q?.incoming ?? null;
  const qOut = q?.outgoing ?? null;
  const direction = (column: string, value: number | null | undefined) =>
    Prisma.sql`${Prisma.raw(`"${column}"`)} = CASE WHEN ${keep} THEN ${Prisma.raw(`"${column}"`)} ELSE ${value ?? null}::float8 END,`;
  await db.$executeRaw`
    UPDATE "Call" SET
      "connectedAt" = COALESCE("connectedAt", ${c}::timestamp(3)),
      "endedAt" = COALESCE("endedAt", ${e}::timestamp(3)),
      "endReason" = COALESCE("endReason", ${reason}::"CallEndReason"),
      "outcome" = COALESCE("outcome", ${line.outcome}::"CallOutcome"),
      "sipStatus" = COALESCE("sipStatus", ${line.sipStatus}::int),
      "qualitySamples" = CASE WHEN ${keep} THEN "qualitySamples" ELSE ${q?.samples ?? null}::int END,
      "worstMos" = CASE WHEN ${keep} THEN "worstMos" ELSE ${q?.worstMos ?? null}::float8 END,
      "worstJitterMs" = CASE WHEN ${keep} THEN "worstJitterMs" ELSE ${q?.worstJitterMs ?? null}::float8 END,
      "worstLossFraction" = CASE WHEN ${keep} THEN "worstLossFraction" ELSE ${q?.worstLossFraction ?? null}::float8 END,
      ${direction("incomingAverageMos", qIn?.averageMos)}
      ${direction("incomingWorstMos", qIn?.worstMos)}
      ${direction("incomingWorstJitterMs", qIn?.worstJitterMs)}
      ${direction("incomingWorstLossFraction", qIn?.worstLossFraction)}
      ${direction("outgoingAverageMos", qOut?.averageMos)}
      ${direction("outgoingWorstMos", qOut?.worstMos)}
      ${direction("outgoingWorstJitterMs", qOut?.worstJitterMs)}
      ${direction("outgoingWorstLossFraction", qOut?.worstLossFraction)}
      "averageMos" = COALESCE("averageMos", ${q?.averageMos ?? null}::float8),
      "transferredToUserId" = CASE WHEN "transferredAt" IS NULL THEN ${transfer.toUserId}::uuid ELSE "transferredToUserId" END,
      "transferredToNumber" = CASE WHEN "transferredAt" IS NULL THEN ${transfer.toNumber} ELSE "transferredToNumber" END,
      "transferredAt" = COALESCE("transferredAt", ${transfer.at}::timestamp(3)),
      ${detectionFillIn(detection)}
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
        OR ("endedAt" IS NULL AND ${e}::timestamp(3) IS NOT NULL)
        OR ("outcome" IS NULL AND ${line.outcome}::"CallOutcome" IS NOT NULL)
        OR ("sipStatus" IS NULL AND ${line.sipStatus}::int IS NOT NULL)
        OR ("averageMos" IS NULL AND ${q?.averageMos ?? null}::float8 IS NOT NULL)
        OR ("transferredAt" IS NULL AND ${transfer.at}::timestamp(3) IS NOT NULL)
        OR ${detectionFills(detection)})`;
}

/**
 * The transfer the body reports, as the columns store it: a teammate only when they are a member
 * of the rep's organization (anyone else's id is dropped with the transfer, never stored).
 */
async function transferOf(db: Db, session: UserSession, body: CallPutBody) {
  const none = { at: null, toUserId: null, toNumber: null };
  const t = body.transfer;
  if (!t) return none;
  if (t.toUserId) {
    const member = await db.user.findFirst({
      where: { id: t.toUserId, organizationId: session.organizationId },
      select: { id: true },
    });
    if (!member) return none;
  }
  return { at: new Date(t.at), toUserId: t.toUserId ?? null, toNumber: t.toNumber ?? null };
}

/** The call this one was transferred from, when it is one of the organization's calls. */
async function sameOrganizationCall(db: Db, session: UserSession, body: CallPutBody) {
  const id = body.transferredFromCallId;
  if (!id) return null;
  const call = await db.call.findFirst({
    where: { id, organizationId: session.organizationId },
    select: { id: true },
  });
  return call?.id ?? null;
}
