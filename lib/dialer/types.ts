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
