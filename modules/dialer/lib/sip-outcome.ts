import type { Disposition } from "@/modules/calls/lib/dispositions";
import { SUGGESTED_DISPOSITIONS } from "@/modules/dialer/lib/suggested-disposition";
import type { CallOutcome, EndReason } from "@/modules/dialer/lib/call-outcomes";

/**
 * How a SIP call ended, mapped to what the rep sees in "Call Ended" and what the
 * disposition prompt pre-selects for the rep to confirm. Pure and browser-safe: the SIP
 * transport describes the end in these terms, so neither the controller nor the screens learn
 * SIP. Status meanings are RFC 3261 section 21 (plus RFC 8197 for 607, RFC 8688 for 608);
 * the table is docs/reference/telephony.md's "Final responses worth mapping".
 */

/**
 * The outcomes "Call Ended" names. `cancelled` and `completed` are the
 * rep's own End, before and after an answer: the plain "Call Ended" already says it all.
 */
export const LABELLED_OUTCOMES = [
  "busy",
  "no-answer",
  "invalid-number",
  "declined",
  "failed",
  "remote-hangup",
  "no-audio",
] as const satisfies readonly CallOutcome[];

export type LabelledOutcome = (typeof LABELLED_OUTCOMES)[number];

/**
 * The message key (under the Dialer namespace's `outcome` group) of each named outcome, with
 * the English text it stands for; en/ar/de get them when the UI lands. camelCase like the
 * Dialer messages' other keys (`status.inCall`).
 */
export const OUTCOME_LABEL_KEYS = {
  busy: "busy", // "Busy"
  "no-answer": "noAnswer", // "No answer"
  "invalid-number": "invalidNumber", // "Invalid number"
  declined: "declined", // "Declined"
  failed: "failed", // "Failed"
  "remote-hangup": "remoteHangup", // "The other side hung up"
  "no-audio": "noAudio", // "No audio"
} as const satisfies Record<LabelledOutcome, string>;

export type OutcomeLabelKey = `outcome.${(typeof OUTCOME_LABEL_KEYS)[LabelledOutcome]}`;

/** The message key naming an outcome in "Call Ended", or null when the plain text suffices. */
export function outcomeLabelKey(outcome: CallOutcome): OutcomeLabelKey | null {
  return (LABELLED_OUTCOMES as readonly string[]).includes(outcome)
    ? `outcome.${OUTCOME_LABEL_KEYS[outcome as LabelledOutcome]}`
    : null;
}

/** How a SIP call ended, as the transport saw it. */
export type SipCallEnd =
  /**
   * A final non-2xx response to our INVITE. `reason` is the response's reason phrase, for
   * logs only: carriers word it freely, so the status alone decides. A 408 that SIP.js
   * makes up itself (Timer B: no response at all) is a `transport-error`, not a no-answer.
   */
  | { kind: "final"; status: number; reason?: string }
  /** The far end sent BYE after answering. */
  | { kind: "remote-bye" }
  /** The rep pressed End: CANCEL before an answer, BYE after. */
  | { kind: "local-end"; answered: boolean }
  /** Answered (200 OK), but media never connected before the watchdog fired. */
  | { kind: "no-media" }
  /** The WebSocket closed, the edge never answered, or SIP.js threw. */
  | { kind: "transport-error"; message?: string };

export type SipOutcome = {
  outcome: CallOutcome;
  /**
   * The final response to the INVITE as the line reported it (the call record keeps it): the
   * status of a `final` end, 200 for an answered call, null when none is known (a CANCEL may
   * leave before the INVITE does, so a 487 is not assumed; a transport error has none).
   */
  sipStatus: number | null;
  /** Whether the far end answered (sent 200 OK), whether or not audio followed. */
  answered: boolean;
  /** The disposition the prompt pre-selects for the rep to confirm, or null for none. */
  suggestedDisposition: Disposition | null;
};

/** The outcome of a final status; integer 100-699 only (anything else is `failed`). */
export function outcomeForStatus(status: number): CallOutcome {
  if (!isSipStatus(status)) return "failed";
  switch (status) {
    case 486: // Busy Here
    case 600: // Busy Everywhere
      return "busy";
    case 404: // Not Found
    case 410: // Gone
    case 484: // Address Incomplete
    case 604: // Does Not Exist Anywhere
      return "invalid-number";
    case 408: // Request Timeout: the far end's timer gave up ringing
    case 480: // Temporarily Unavailable: often a phone that rang out or is switched off
      return "no-answer";
    // Request Terminated: our CANCEL took effect (an edge that terminates the INVITE on its
    // own is rare and ends the same way for the rep: nobody was reached).
    case 487:
      return "cancelled";
    case 603: // Decline: the callee refused the call
      return "declined";
    // Not Acceptable: the far end cannot take the media we offered, a technical failure.
    case 606:
      return "failed";
  }
  if (status >= 200 && status < 300) return "completed";
  // Other 6xx (607 Unwanted, 608 Rejected, and codes not defined yet) are definitive refusals
  // of this call by the callee or its network: "Declined", so nobody retries them as a mere
  // technical fault. (RFC 3261 8.1.3.2 would read an unknown 6xx as 600 Busy, but a busy
  // suggestion invites calling straight back into a refusal.)
  if (status >= 600) return "declined";
  // Every other 4xx (403 from an edge refusing our call authorisation, 488, ...), 5xx (503
  // included: the edge or the carrier could not place the call), and 1xx/3xx that should never
  // be final here (redirects are not followed): the call could not be placed.
  return "failed";
}

/** What the rep is told, and what the disposition prompt pre-selects, for how a call ended. */
export function sipOutcome(end: SipCallEnd): SipOutcome {
  switch (end.kind) {
    case "final": {
      const outcome = outcomeForStatus(end.status);
      return result(outcome, isSipStatus(end.status) ? end.status : null, outcome === "completed");
    }
    case "remote-bye":
      return result("remote-hangup", 200, true);
    case "local-end":
      return end.answered ? result("completed", 200, true) : result("cancelled", null, false);
    case "no-media":
      return result("no-audio", 200, true);
    case "transport-error":
      return result("failed", null, false);
  }
}

/**
 * The end reason the call record already stores (modules/calls/lib/constants.ts): the rep's own End is
 * `local`, the far end's hang-up `remote`, and every call that did not work `failed` (no
 * audio included: the app, not a person, ended it).
 */
export function endReasonForOutcome(outcome: CallOutcome): EndReason {
  switch (outcome) {
    case "completed":
    case "cancelled":
      return "local";
    case "remote-hangup":
      return "remote";
    default:
      return "failed";
  }
}

function result(outcome: CallOutcome, sipStatus: number | null, answered: boolean): SipOutcome {
  return { outcome, sipStatus, answered, suggestedDisposition: SUGGESTED_DISPOSITIONS[outcome] };
}

function isSipStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status <= 699;
}
