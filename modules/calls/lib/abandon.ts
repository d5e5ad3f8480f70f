import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import type { UserSession } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/client";
import type { CallPutBody } from "./schemas";

// An abandoned call (parallel dialing): a person answered and no rep was connected within 2 s of
// the end of their greeting. PUT /api/calls/:id with `abandoned: true` marks it: abandonedAt is
// set once (the first such PUT wins, later ones change nothing) and audited as call.abandoned.
// Only an outbound call a person answered can be abandoned; anything else is refused with 422
// before the body writes anything, so the team's rate counts only calls that can be abandoned.

/** What the stored row says, when there is one. */
export type StoredForAbandon = {
  direction: "outbound" | "inbound";
  connectedAt: Date | null;
  detectionVerdict: string | null;
  detectionOverridden: boolean | null;
  automaticVoicemail: boolean | null;
};

const refuse = (message: string) =>
  new ApiError("unprocessable", message, {
    code: "call_not_abandonable",
    details: { fields: { abandoned: message } },
  });

/**
 * Throws 422 when `abandoned: true` cannot apply to this call as it will stand after this body
 * (the stored row's values win where it has them: they never change).
 */
export function checkAbandonable(stored: StoredForAbandon | null, body: CallPutBody) {
  if (body.abandoned !== true) return;
  const inbound = stored ? stored.direction === "inbound" : body.direction === "inbound";
  if (inbound) throw refuse("An inbound call cannot be abandoned");
  if (!(stored?.connectedAt ?? body.connectedAt)) {
    throw refuse("A call nobody answered cannot be abandoned");
  }
  const d = stored?.detectionVerdict
    ? {
        verdict: stored.detectionVerdict,
        overridden: stored.detectionOverridden === true,
        automaticVoicemail: stored.automaticVoicemail === true,
      }
    : body.detection;
  if (d && ((d.verdict === "machine" && !d.overridden) || d.automaticVoicemail)) {
    throw refuse("A call answered by a machine cannot be abandoned");
  }
}

/** Sets abandonedAt when it is still empty and audits it; a repeat does nothing. */
export async function markAbandoned(db: Db, session: UserSession, id: string, now: Date) {
  const marked = await db.$queryRaw<{ dialedNumber: string | null }[]>`
    UPDATE "Call" SET "abandonedAt" = ${now}::timestamp(3), "updatedAt" = ${now}::timestamp(3)
    WHERE "id" = ${id} AND "userId" = ${session.userId}::uuid
      AND "organizationId" = ${session.organizationId}::uuid
      AND "abandonedAt" IS NULL AND "direction" = 'outbound' AND "connectedAt" IS NOT NULL
    RETURNING "dialedNumber"`;
  if (marked.length === 0) return;
  await recordAudit(
    {
      actor: session.username,
      action: "call.abandoned",
      outcome: "success",
      target: id,
      detail: {
        callId: id,
        number: marked[0]!.dialedNumber,
        rep: session.username,
        userId: session.userId,
      },
      fold: false,
    },
    db,
  );
}
