/** Where a call is in its life; the spec's four states. */
export type CallStatus = "idle" | "calling" | "in-call" | "ended";

/** The one shared call state (spec section 3, "Dialer state"). */
export interface DialerState {
  /** Digits only; see `digitsOnly`. */
  number: string;
  status: CallStatus;
  /** Clock time the call connected, or null before connection. */
  connectedAt: number | null;
  /** Milliseconds spent in-call; frozen when the call ends, reset at idle. */
  elapsedMs: number;
  minimised: boolean;
}

export const initialDialerState: DialerState = {
  number: "",
  status: "idle",
  connectedAt: null,
  elapsedMs: 0,
  minimised: false,
};

/** Where a dial came from, when it came from a business (the facility drawer, Targets). */
export type DialContext = { placeId: string; placeName?: string | null };

/**
 * One call as the dialer saw it, handed to `onCall` when it is dialed and again when it ends
 * (lib/client/calls records it through the API). Times are clock epoch ms.
 */
export type CallRecord = {
  /** The browser's own id for the call (a UUID): retried saves find the same record. */
  id: string;
  /** The digits dialed. */
  number: string;
  context: DialContext | null;
  startedAt: number;
  connectedAt: number | null;
  endedAt: number | null;
  endReason: "local" | "remote" | "failed" | null;
};
