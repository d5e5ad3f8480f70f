import { systemClock, type Clock } from "./clock";
import { isKeypadKey } from "./digits";
import { dialerReducer, isActive, type DialerAction } from "./reducer";
import { createSimulatedTransport } from "./simulated-transport";
import { ENDED_TO_IDLE_MS, TICK_MS } from "./timings";
import type { CallTransport, EndReason } from "./transport";
import { initialDialerState, type CallRecord, type DialContext, type DialerState } from "./types";

export interface DialerController {
  getState(): DialerState;
  subscribe(listener: () => void): () => void;
  /**
   * Calls `number` (digits are kept, the rest dropped) or, without one, the current number.
   * `context` names the business being called, so the call record can point at it.
   */
  dial(number?: string, context?: DialContext | null): void;
  setNumber(number: string): void;
  clearNumber(): void;
  hangUp(): void;
  /** A keypad press: appends a digit before a call, sends DTMF during one. */
  sendDigit(key: string): void;
  setMinimised(minimised: boolean): void;
  dispose(): void;
}

export interface DialerControllerOptions {
  transport?: CallTransport;
  clock?: Clock;
  initialState?: DialerState;
  /**
   * Told when a call is dialed ("started") and when it ends ("ended"). Runs after the state
   * change; whatever it does (and whether it throws) never holds up or breaks the call.
   */
  onCall?: (record: CallRecord, phase: "started" | "ended") => void;
  /** Names new calls; a UUID in the browser. */
  newCallId?: () => string;
}

/**
 * Owns the one call: feeds transport events and clock ticks through the pure reducer and
 * notifies subscribers (React reads it with useSyncExternalStore).
 */
export function createDialerController(options: DialerControllerOptions = {}): DialerController {
  const clock = options.clock ?? systemClock;
  const transport = options.transport ?? createSimulatedTransport(clock);
  const listeners = new Set<() => void>();
  let state = options.initialState ?? initialDialerState;
  let ticker: unknown = null;
  let resetTimer: unknown = null;
  let record: CallRecord | null = null;
  const newCallId = options.newCallId ?? (() => globalThis.crypto.randomUUID());
  const report = (phase: "started" | "ended") => {
    const current = record;
    if (!current || !options.onCall) return;
    try {
      options.onCall(current, phase);
    } catch {
      // Recording is a side job: the call goes on regardless.
    }
  };

  const dispatch = (action: DialerAction) => {
    const next = dialerReducer(state, action);
    if (next === state) return false;
    state = next;
    listeners.forEach((listener) => listener());
    return true;
  };
  const stopTicker = () => {
    if (ticker !== null) clock.clearInterval(ticker);
    ticker = null;
  };
  const cancelReset = () => {
    if (resetTimer !== null) clock.clearTimeout(resetTimer);
    resetTimer = null;
  };
  const end = (reason: EndReason) => {
    stopTicker();
    const now = clock.now();
    if (!dispatch({ type: "ended", now })) return;
    if (record) {
      record = { ...record, endedAt: now, endReason: reason };
      report("ended");
      record = null;
    }
    cancelReset();
    resetTimer = clock.setTimeout(() => {
      resetTimer = null;
      dispatch({ type: "reset" });
    }, ENDED_TO_IDLE_MS);
  };

  const unsubscribe = transport.subscribe((event) => {
    if (event.type === "connected") {
      const at = clock.now();
      if (!dispatch({ type: "connected", at })) return;
      if (record) record = { ...record, connectedAt: at };
      stopTicker();
      ticker = clock.setInterval(() => dispatch({ type: "tick", now: clock.now() }), TICK_MS);
    } else {
      end(event.reason);
    }
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dial(number, context) {
      const wasEnded = state.status === "ended";
      if (!dispatch({ type: "dial", number })) return;
      if (wasEnded) cancelReset();
      record = {
        id: newCallId(),
        number: state.number,
        context: context ?? null,
        startedAt: clock.now(),
        connectedAt: null,
        endedAt: null,
        endReason: null,
      };
      transport.dial(state.number);
      report("started");
    },
    setNumber: (number) => void dispatch({ type: "setNumber", number }),
    clearNumber: () => void dispatch({ type: "clearNumber" }),
    hangUp() {
      if (!isActive(state)) return;
      // End is immediate on screen; the transport's own `ended` event is then a no-op.
      end("local");
      transport.hangUp();
    },
    sendDigit(key) {
      if (state.status === "in-call" && isKeypadKey(key)) transport.sendDigit(key);
      else dispatch({ type: "appendDigit", key });
    },
    setMinimised: (minimised) => void dispatch({ type: "setMinimised", minimised }),
    dispose() {
      stopTicker();
      cancelReset();
      unsubscribe();
      transport.dispose();
      listeners.clear();
    },
  };
}
