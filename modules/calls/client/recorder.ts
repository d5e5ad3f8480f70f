import type { Disposition } from "@/modules/calls/lib/dispositions";
import type { CallPhase } from "@/modules/dialer/lib/controller";
import { SUGGESTED_DISPOSITIONS } from "@/modules/dialer/lib/suggested-disposition";
import type { CallRecord, DialContext } from "@/modules/dialer/lib/types";
import type { CallOutbox } from "./outbox";
import {
  callPutBody,
  dispositionPutBody,
  talkSeconds,
  type DispositionAnswer,
} from "./record-body";

// Between the dialer and the outbox: every call is saved when dialed and again when it ends,
// and an ended call waits for the rep's disposition (or a skip) as the "pending" call. Only one
// call waits: dialing again leaves the previous one undisposed, which the Call Log shows.

/** How long a dialed call's first record waits before it is sent (see `onCall`). */
export const START_SEND_AFTER_MS = 300;

export type PendingDisposition = {
  callId: string;
  number: string;
  context: DialContext | null;
  talkSeconds: number | null;
  endedAt: number;
  /** What the line's outcome makes obvious (Busy, No answer...), pre-selected for the rep. */
  suggested: Disposition | null;
};

export type CallRecorder = {
  onCall(record: CallRecord, phase: CallPhase): void;
  pending(): PendingDisposition | null;
  subscribe(listener: () => void): () => void;
  /** Queues the disposition of the pending call (or of `callId`) and closes the prompt. */
  saveDisposition(callId: string, answer: DispositionAnswer): void;
  /** Closes the prompt; the call stays undisposed. */
  skip(): void;
  /**
   * Saves a call the rep never had (a parallel-dialing line: a machine, an abandoned person, no
   * answer), ended, with its disposition if it has one; nothing waits for the rep.
   */
  recordElsewhere(record: CallRecord, disposition: Disposition | null): void;
  /** The last call the rep answered (or skipped) the prompt for; a power-dial session reads it. */
  lastAnswered(): AnsweredCall | null;
  /** The business of the latest call, if it was made to one (shown during the call; the Alarm). */
  lastBusiness(): CalledBusiness | null;
  /**
   * A new page: after a reload the call that was waiting for its outcome asks again (unless one
   * waits already); any other arrival drops what was kept, so an old call never asks later.
   */
  restore(reloaded: boolean): void;
};

/** Where the waiting call is kept across reloads (this tab's session storage in the app). */
export type PendingStore = {
  load(): PendingDisposition | null;
  save(pending: PendingDisposition | null): void;
};

export type CalledBusiness = { placeId: string; placeName?: string | null; phone: string };

export type AnsweredCall = {
  callId: string;
  disposition: DispositionAnswer["disposition"] | null;
  talkSeconds: number | null;
};

export function createCallRecorder(
  outbox: Pick<CallOutbox, "submit">,
  store?: PendingStore,
): CallRecorder {
  let pending: PendingDisposition | null = null;
  let answered: AnsweredCall | null = null;
  let business: CalledBusiness | null = null;
  const listeners = new Set<() => void>();
  const set = (next: PendingDisposition | null) => {
    if (next === pending) return;
    pending = next;
    store?.save(next);
    listeners.forEach((listener) => listener());
  };

  return {
    onCall(record, phase) {
      // A new call's record waits a moment before it is sent (it is in local storage at once):
      // on a real line the call's own setup (the server's authorisation) goes first.
      outbox.submit(
        "call",
        record.id,
        callPutBody(record),
        phase === "started" ? { sendAfterMs: START_SEND_AFTER_MS } : undefined,
      );
      // A missed call is kept for the Missed Calls screen; there is nothing to disposition.
      if (phase === "missed") return;
      if (phase === "started") {
        // The business of this call, or none: a number typed in is nobody's account.
        business = record.context ? { ...record.context, phone: record.number } : null;
        listeners.forEach((listener) => listener());
      }
      if (phase === "started") set(null);
      else
        set({
          callId: record.id,
          number: record.number,
          context: record.context,
          talkSeconds: talkSeconds(record),
          endedAt: record.endedAt ?? record.startedAt,
          suggested: record.outcome ? SUGGESTED_DISPOSITIONS[record.outcome] : null,
        });
    },
    recordElsewhere(record, disposition) {
      outbox.submit("call", record.id, callPutBody(record));
      if (disposition) outbox.submit("disposition", record.id, dispositionPutBody({ disposition }));
    },
    pending: () => pending,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveDisposition(callId, answer) {
      outbox.submit("disposition", callId, dispositionPutBody(answer));
      if (pending?.callId === callId) {
        answered = { callId, disposition: answer.disposition, talkSeconds: pending.talkSeconds };
        set(null);
      }
    },
    skip() {
      if (pending)
        answered = { callId: pending.callId, disposition: null, talkSeconds: pending.talkSeconds };
      set(null);
    },
    lastAnswered: () => answered,
    lastBusiness: () => business,
    restore(reloaded) {
      if (pending) return;
      if (!reloaded) return store?.save(null);
      const kept = store?.load() ?? null;
      if (kept) set(kept);
    },
  };
}
