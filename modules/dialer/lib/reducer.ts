import type { QualityReading } from "@/modules/dialer/lib/call-quality";
import { dialInputText } from "@/modules/calls/lib/dial-string";
import { digitsOnly, isKeypadKey } from "@/modules/dialer/lib/digits";
import type { CallOutcome } from "@/modules/dialer/lib/call-outcomes";
import type { IncomingCall, LineStatus } from "@/modules/dialer/lib/types";
import type { DialerState } from "@/modules/dialer/lib/types";

export type DialerAction =
  | { type: "setNumber"; number: string }
  | { type: "appendDigit"; key: string }
  | { type: "clearNumber" }
  | { type: "dial"; number?: string }
  | { type: "ringing" }
  | { type: "waitingLine"; waiting: boolean }
  | { type: "connected"; at: number }
  | { type: "tick"; now: number }
  | { type: "ended"; now: number; outcome?: CallOutcome | null }
  | { type: "reset" }
  | { type: "held"; held: boolean }
  | { type: "muted"; muted: boolean }
  | { type: "quality"; reading: QualityReading }
  | { type: "line"; line: LineStatus | null }
  | { type: "incoming"; call: IncomingCall | null }
  | { type: "answerIncoming"; id: string }
  | { type: "consult"; consult: DialerState["consult"] }
  | { type: "setMinimised"; minimised: boolean };

export const isActive = (s: DialerState) => s.status === "calling" || s.status === "in-call";
/** Call is disabled with nothing to dial (formatting alone), and while a call is under way. */
export const canCall = (s: DialerState) => /[0-9+*#]/.test(s.number) && !isActive(s);
/** End is disabled when idle or ended. */
export const canEnd = isActive;

/** What a new call starts from: nothing held, muted or measured yet. */
const freshCall = {
  connectedAt: null,
  elapsedMs: 0,
  phase: "dialing",
  outcome: null,
  held: false,
  muted: false,
  quality: null,
  consult: null,
} as const;

/**
 * The dialer's pure state machine: idle -> calling (dialing, ringing) -> in-call -> ended ->
 * idle. Timing lives outside (the controller and the transport); this only says which moves
 * are legal.
 */
export function dialerReducer(state: DialerState, action: DialerAction): DialerState {
  switch (action.type) {
    case "setNumber":
      // The number being called cannot change under an active call.
      return isActive(state) ? state : { ...state, number: dialInputText(action.number) };
    case "appendDigit":
      // "*" and "#" too: a dial string may hold them (modules/calls/lib/dial-string.ts).
      return isActive(state) || !isKeypadKey(action.key)
        ? state
        : { ...state, number: state.number + action.key };
    case "clearNumber":
      return isActive(state) ? state : { ...state, number: "" };
    case "dial": {
      if (isActive(state)) return state;
      const number = action.number === undefined ? state.number : dialInputText(action.number);
      if (!number) return state;
      return { ...state, ...freshCall, number, status: "calling", direction: "outbound" };
    }
    case "ringing":
      return state.status === "calling" && state.phase !== "ringing"
        ? { ...state, phase: "ringing" }
        : state;
    case "waitingLine": {
      if (state.status !== "calling" || state.direction !== "outbound") return state;
      const phase = action.waiting ? "line" : "dialing";
      return state.phase === phase || state.phase === "ringing" ? state : { ...state, phase };
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
        outcome: action.outcome ?? null,
        held: false,
        quality: null,
        consult: null,
        elapsedMs:
          state.status === "in-call" && state.connectedAt !== null
            ? Math.max(0, action.now - state.connectedAt)
            : 0,
      };
    case "reset":
      return state.status === "ended"
        ? { ...state, ...freshCall, status: "idle", direction: "outbound" }
        : state;
    case "held":
      return state.status === "in-call" && state.held !== action.held
        ? { ...state, held: action.held }
        : state;
    case "muted":
      return isActive(state) && state.muted !== action.muted
        ? { ...state, muted: action.muted }
        : state;
    case "quality":
      return state.status === "in-call" ? { ...state, quality: action.reading } : state;
    case "line":
      return { ...state, line: action.line };
    case "incoming":
      return state.incoming === action.call ? state : { ...state, incoming: action.call };
    case "answerIncoming": {
      const call = state.incoming;
      if (!call || call.id !== action.id || isActive(state)) return state;
      return {
        ...state,
        ...freshCall,
        number: digitsOnly(call.from),
        status: "calling",
        // Not "Dialing...": the rep answered, nothing is dialed.
        phase: "answering",
        direction: "inbound",
        incoming: null,
      };
    }
    case "consult":
      // Only during a connected call; the consultation ends with it.
      if (state.status !== "in-call" && action.consult) return state;
      return state.consult === action.consult ? state : { ...state, consult: action.consult };
    case "setMinimised":
      return state.minimised === action.minimised
        ? state
        : { ...state, minimised: action.minimised };
  }
}
