import { systemClock, type Clock } from "./clock";
import { isKeypadKey } from "./digits";
import { dialerReducer, isActive, type DialerAction } from "./reducer";
import { createSimulatedTransport } from "./simulated-transport";
import { ENDED_TO_IDLE_MS, TICK_MS } from "./timings";
import type { CallTransport } from "./transport";
import { initialDialerState, type DialerState } from "./types";

export interface DialerController {
  getState(): DialerState;
  subscribe(listener: () => void): () => void;
  /** Calls `number` (digits are kept, the rest dropped) or, without one, the current number. */
  dial(number?: string): void;
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
  const end = () => {
    stopTicker();
    if (!dispatch({ type: "ended", now: clock.now() })) return;
    cancelReset();
    resetTimer = clock.setTimeout(() => {
      resetTimer = null;
      dispatch({ type: "reset" });
    }, ENDED_TO_IDLE_MS);
  };

  const unsubscribe = transport.subscribe((event) => {
    if (event.type === "connected") {
      if (!dispatch({ type: "connected", at: clock.now() })) return;
      stopTicker();
      ticker = clock.setInterval(() => dispatch({ type: "tick", now: clock.now() }), TICK_MS);
    } else {
      end();
    }
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dial(number) {
      const wasEnded = state.status === "ended";
      if (!dispatch({ type: "dial", number })) return;
      if (wasEnded) cancelReset();
      transport.dial(state.number);
    },
    setNumber: (number) => void dispatch({ type: "setNumber", number }),
    clearNumber: () => void dispatch({ type: "clearNumber" }),
    hangUp() {
      if (!isActive(state)) return;
      // End is immediate on screen; the transport's own `ended` event is then a no-op.
      end();
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
