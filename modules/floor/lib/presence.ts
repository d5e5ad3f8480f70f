// The rep's presence as their dialer shows it: a pure function of the call state, the outcome
// prompt and the power-dial session, so the browser reports a change (not a timer tick) and the
// rule is tested without a browser. Browser-safe; only types from the schemas.
import type { PresenceBody } from "./schemas";
import { BUSINESS_NAME_MAX, type PresenceState } from "./limits";

export type PresenceInput = {
  /** The dialer's call status and phase (DialerState). */
  status: "idle" | "calling" | "in-call" | "ended";
  phase: "dialing" | "line" | "ringing" | "answering";
  /** The phone line's state; null in the simulation (always ready). */
  line: "connecting" | "registered" | "offline" | null;
  /** An ended call waits for its outcome. */
  outcomePending: boolean;
  /** The business of the current (or last) call, if it was made to one. */
  business: { placeId: string; placeName?: string | null } | null;
  /** A power-dial session is running, with its round's lines when one is under way. */
  powerDial: { lines: number | null } | null;
  /** The dialer's call now (its record's id): what a manager's monitoring names. */
  callId?: string | null;
  /** The call's quality level now (a real call with media), or null. */
  quality?: "good" | "fair" | "poor" | null;
};

export function presenceState(input: PresenceInput): PresenceState {
  if (input.status === "in-call") return "in-call";
  if (input.status === "calling") return input.phase === "ringing" ? "ringing" : "dialing";
  if (input.outcomePending) return "wrapping-up";
  // Without a registered line no call can be placed or received: the rep is not on the floor.
  if (input.line !== null && input.line !== "registered") return "offline";
  return "ready";
}

/** What the browser sends (PUT /api/floor/presence); equal inputs give equal bodies. */
export function derivePresence(input: PresenceInput): PresenceBody {
  const state = presenceState(input);
  const onCall = state !== "ready" && state !== "offline";
  const business =
    onCall && input.business
      ? {
          placeId: input.business.placeId,
          name: input.business.placeName?.trim().slice(0, BUSINESS_NAME_MAX) || null,
        }
      : null;
  const live = state === "dialing" || state === "ringing" || state === "in-call";
  return {
    state,
    business,
    powerDial: input.powerDial,
    callId: live ? (input.callId ?? null) : null,
    quality: state === "in-call" ? (input.quality ?? null) : null,
  };
}

/** A stable text of a body, to tell a change from a repeat. */
export function presenceKey(body: PresenceBody): string {
  return JSON.stringify([
    body.state,
    body.business?.placeId ?? null,
    body.business?.name ?? null,
    body.powerDial ? (body.powerDial.lines ?? 0) : null,
    body.callId ?? null,
    body.quality ?? null,
  ]);
}
