import { digitsOnly, isDigit } from "./digits";
import type { DialerState } from "./types";

export type DialerAction =
  | { type: "setNumber"; number: string }
  | { type: "appendDigit"; key: string }
  | { type: "clearNumber" }
  | { type: "dial"; number?: string }
  | { type: "connected"; at: number }
  | { type: "tick"; now: number }
  | { type: "ended"; now: number }
  | { type: "reset" }
  | { type: "setMinimised"; minimised: boolean };

export const isActive = (s: DialerState) => s.status === "calling" || s.status === "in-call";
/** Call is disabled with no number, and while a call is already under way. */
export const canCall = (s: DialerState) => s.number.length > 0 && !isActive(s);
/** End is disabled when idle or ended. */
export const canEnd = isActive;

/**
 * The dialer's pure state machine: idle -> calling -> in-call -> ended -> idle.
 * Timing lives outside (the controller and the transport); this only says which moves are legal.
 */
export function dialerReducer(state: DialerState, action: DialerAction): DialerState {
  switch (action.type) {
    case "setNumber":
      // The number being called cannot change under an active call.
      return isActive(state) ? state : { ...state, number: digitsOnly(action.number) };
    case "appendDigit":
      return isActive(state) || !isDigit(action.key)
        ? state
        : { ...state, number: state.number + action.key };
    case "clearNumber":
      return isActive(state) ? state : { ...state, number: "" };
    case "dial": {
      if (isActive(state)) return state;
      const number = action.number === undefined ? state.number : digitsOnly(action.number);
      if (!number) return state;
      return { ...state, number, status: "calling", connectedAt: null, elapsedMs: 0 };
    }
    case "connected":
      return state.status === "calling"
        ? { ...state, status: "in-call", connectedAt: action.at, elapsedMs: 0 }
        : state;
    case "tick":
      return state.status === "in-call" && state.connectedAt !== null
        ? { ...state, elapsedMs: Math.max(0, action.now - state.connectedAt) }
        : state;
    case "ended":
      if (!isActive(state)) return state;
      return {
        ...state,
        status: "ended",
        elapsedMs:
          state.status === "in-call" && state.connectedAt !== null
            ? Math.max(0, action.now - state.connectedAt)
            : 0,
      };
    case "reset":
      return state.status === "ended"
        ? { ...state, status: "idle", connectedAt: null, elapsedMs: 0 }
        : state;
    case "setMinimised":
      return state.minimised === action.minimised
        ? state
        : { ...state, minimised: action.minimised };
  }
}
