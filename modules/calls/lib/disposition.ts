import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import {
  addE164,
  DISPOSITION_NOTE,
  withdrawDispositionEntry,
} from "@/modules/do-not-call/lib/do-not-call";
import { callSelect, callDtos } from "./dto";
import type { CallDto } from "./schemas";
import type { dispositionBodySchema } from "./schemas";
import { myCalls, teamCalls } from "./scope";
import type { z } from "zod";

/**
 * PUT /api/calls/:id/disposition: the rep's outcome of their own call. Sending it again
 * replaces it (a rep may correct a mis-keyed outcome); what the outcome does not ask for
 * (an amount, a callback time) is cleared, so a corrected sale leaves no stale amount behind.
 * A correction (a call that had an outcome gets another) is written to the audit trail with
 * both outcomes, since a changed sale or do-not-call matters to the team's figures.
 * The REST API (`calls:write`, `via` naming the key) sets the outcome of any of the team's calls.
 */
export async function setDisposition(
  session: UserSession,
  id: string,
  body: z.output<typeof dispositionBodySchema>,
  { via }: { via?: string } = {},
): Promise<CallDto> {
  const db = await getDb();
  const scope = via ? teamCalls(session) : myCalls(session);
  const before = await db.call.findFirst({
    where: { id, ...scope },
    select: { disposition: true },
  });
  const { count } = await db.call.updateMany({
    where: { id, ...scope },
    data: {
      disposition: body.disposition,
      note: body.note,
      saleAmount: body.saleAmount ?? null,
      callbackAt: body.callbackAt ? new Date(body.callbackAt) : null,
    },
  });
  if (!count) throw new ApiError("not_found", "Call not found");
  const row = await db.call.findFirstOrThrow({
    where: { id, ...scope },
    select: callSelect,
  });
  if (before?.disposition && before.disposition !== body.disposition) {
    await recordAudit({
      actor: session.username,
      action: "call.outcome.corrected",
      outcome: "success",
      target: id,
      detail: { from: before.disposition, to: body.disposition, ...(via ? { via } : {}) },
      fold: false,
    });
  }
  // The Do not call outcome puts the dialed number on the team's list; correcting it
  // to another outcome takes back what it added, never an entry from elsewhere.
  if (body.disposition === "do_not_call" && row.dialedNumber) {
    await addE164(session, session.username, row.dialedNumber, DISPOSITION_NOTE);
  } else if (before?.disposition === "do_not_call" && row.dialedNumber) {
    await withdrawDispositionEntry(session, session.username, row.dialedNumber, id);
  }
  return (await callDtos(session.organizationId, [row]))[0]!;
}
