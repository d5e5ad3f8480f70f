import { DIAL_PAUSE_MS, dialInputText, readDialString } from "@/modules/calls/lib/dial-string";
import { systemClock, type Clock } from "@/modules/dialer/lib/clock";
import { isKeypadKey } from "@/modules/dialer/lib/digits";
import { dialerReducer, isActive, type DialerAction } from "@/modules/dialer/lib/reducer";
import { createSimulatedTransport } from "@/modules/dialer/lib/simulated-transport";
import { ENDED_TO_IDLE_MS, TICK_MS } from "@/modules/dialer/lib/timings";
import type {
  BackgroundLine,
  CallTransport,
  TransportCapabilities,
  TransportEvent,
  TransportNotice,
} from "@/modules/dialer/lib/transport";
import type { EndReason } from "@/modules/dialer/lib/call-outcomes";
import type { TransferTarget } from "@/modules/dialer/lib/types";
import {
  initialDialerState,
  type CallDetection,
  type CallRecord,
  type DialContext,
  type DialerState,
} from "@/modules/dialer/lib/types";

export interface DialerController {
  getState(): DialerState;
  subscribe(listener: () => void): () => void;
  readonly capabilities: TransportCapabilities;
  /**
   * Calls the dial string `number` or, without one, the current number. A string the dial-string
   * rules refuse (a caller-ID code, text that is no dial string) places nothing: the rep is told
   * why (a `dial-refused` notice). An extension or pauses after the number go as tones once the
   * call is answered. `context` names the business being called, so the call record can point at it.
   */
  dial(number?: string, context?: DialContext | null): void;
  setNumber(number: string): void;
  clearNumber(): void;
  hangUp(): void;
  /** A keypad press: appends a digit before a call, sends DTMF during one. */
  sendDigit(key: string): void;
  setHeld(held: boolean): void;
  setMuted(muted: boolean): void;
  /** Answers the incoming call ringing now (`id` guards against a stale button). */
  answer(id: string): void;
  decline(id: string): void;
  takeOverLine(): void;
  /** Hands the connected call to a teammate or a number (no-op where the line cannot). */
  transfer(target: TransferTarget): void;
  /** Warm transfer: holds the call and calls the target first; then join or go back. */
  consult(target: TransferTarget): void;
  joinConsultation(): void;
  endConsultation(): void;
  /** Retries the offline phone line now (the line indicator's Retry now). */
  retryLine(): void;
  /**
   * Places a parallel-dialing line beside the rep's call (power dialing's rounds); rejects where
   * the transport has no real lines. A line a person answers becomes the call through `dial`
   * with `context.line`.
   */
  placeLine(number: string, context: DialContext): Promise<BackgroundLine>;
  /** Keeps the answering-machine detector's decision on call `callId`'s record while it lasts. */
  noteDetection(callId: string, detection: CallDetection): void;
  setMinimised(minimised: boolean): void;
  dispose(): void;
}

/** What `onCall` is told: a call dialed or answered, a call ended, a call missed. */
export type CallPhase = "started" | "ended" | "missed";

export interface DialerControllerOptions {
  transport?: CallTransport;
  clock?: Clock;
  initialState?: DialerState;
  /**
   * Told when a call is dialed or answered ("started"), when it ends ("ended"), and when an
   * incoming call stopped ringing unanswered ("missed"). Runs after the state change; whatever
   * it does (and whether it throws) never holds up or breaks the call.
   */
  onCall?: (record: CallRecord, phase: CallPhase) => void;
  /** Told what the rep must read that is not a call state (a blocked microphone...). */
  onNotice?: (notice: TransportNotice, detail?: string) => void;
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
  /**
   * Whether the current call left the browser. A real line says so (`placed`, the INVITE went
   * out); until then the call is no dial: its record is neither reported as started nor, if it
   * ends first (line offline, refused by the server, the microphone blocked), as ended.
   */
  let placed = false;
  /** The dial string as the rep typed it, given back to them when the call is not placed. */
  let typedNumber = "";
  /** The incoming call the rep declined, so that its record says so when it stops ringing. */
  let declinedId: string | null = null;
  /** The post-dial part of the call being placed, and its timers once answered. */
  let postDial = "";
  let postDialTimers: unknown[] = [];
  const newCallId = options.newCallId ?? (() => globalThis.crypto.randomUUID());
  const report = (current: CallRecord | null, phase: CallPhase) => {
    if (!current || !options.onCall) return;
    try {
      options.onCall(current, phase);
    } catch {
      // Recording is a side job: the call goes on regardless.
    }
  };
  const newRecord = (fields: Pick<CallRecord, "number" | "direction" | "context">): CallRecord => ({
    ...fields,
    id: newCallId(),
    startedAt: clock.now(),
    connectedAt: null,
    endedAt: null,
    endReason: null,
    outcome: null,
    sipStatus: null,
    quality: null,
  });

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
  const stopPostDial = () => {
    postDialTimers.forEach((timer) => clock.clearTimeout(timer));
    postDialTimers = [];
  };
  /** Each pause waits DIAL_PAUSE_MS, then the tones after it go (the transport queues them). */
  const sendPostDial = () => {
    let wait = 0;
    for (const part of postDial.match(/,|[^,]+/g) ?? []) {
      if (part === ",") {
        wait += DIAL_PAUSE_MS;
        continue;
      }
      postDialTimers.push(
        clock.setTimeout(() => {
          if (state.status !== "in-call") return;
          for (const key of part) if (isKeypadKey(key)) transport.sendDigit(key);
        }, wait),
      );
    }
    postDial = "";
  };
  const cancelReset = () => {
    if (resetTimer !== null) clock.clearTimeout(resetTimer);
    resetTimer = null;
  };
  const end = (reason: EndReason, details: Extract<TransportEvent, { type: "ended" }> | null) => {
    stopTicker();
    stopPostDial();
    postDial = "";
    const now = clock.now();
    if (!dispatch({ type: "ended", now, outcome: details?.outcome ?? null })) return;
    if (record && !placed) {
      // Never placed: no dial, no outcome to ask for; the transport told the rep why.
      record = null;
      cancelReset();
      dispatch({ type: "reset" });
      // What they typed, to correct and call again (not the form it was sent in).
      if (typedNumber) dispatch({ type: "setNumber", number: typedNumber });
      return;
    }
    if (record) {
      record = {
        ...record,
        endedAt: now,
        endReason: reason,
        outcome: details?.outcome ?? null,
        sipStatus: details?.sipStatus ?? null,
        quality: details?.quality ?? null,
      };
      report(record, "ended");
      record = null;
    }
    cancelReset();
    resetTimer = clock.setTimeout(() => {
      resetTimer = null;
      dispatch({ type: "reset" });
    }, ENDED_TO_IDLE_MS);
  };

  const onEvent = (event: TransportEvent) => {
    switch (event.type) {
      case "placed":
        if (record && !placed) {
          placed = true;
          report(record, "started");
        }
        return;
      case "waiting-line":
        dispatch({ type: "waitingLine", waiting: event.waiting });
        return;
      case "ringing":
        dispatch({ type: "ringing" });
        return;
      case "connected": {
        const at = clock.now();
        if (!dispatch({ type: "connected", at })) return;
        if (record) record = { ...record, connectedAt: at };
        stopTicker();
        ticker = clock.setInterval(() => dispatch({ type: "tick", now: clock.now() }), TICK_MS);
        sendPostDial();
        return;
      }
      case "ended":
        end(event.reason, event);
        return;
      case "held":
        dispatch({ type: "held", held: event.held });
        return;
      case "muted":
        dispatch({ type: "muted", muted: event.muted });
        return;
      case "quality":
        dispatch({ type: "quality", reading: event.reading });
        return;
      case "line":
        dispatch({ type: "line", line: event.line });
        return;
      case "incoming":
        dispatch({ type: "incoming", call: event.call });
        return;
      case "incoming-ended": {
        const ringing = state.incoming;
        if (!ringing || ringing.id !== event.id) return;
        dispatch({ type: "incoming", call: null });
        if (!event.answered) {
          const missed = newRecord({ number: ringing.from, direction: "inbound", context: null });
          // Declined by the rep: still a missed call (the business wants a call back), but one
          // the record tells apart from a call that rang out.
          const declined = declinedId === event.id;
          report(
            declined
              ? {
                  ...missed,
                  endedAt: missed.startedAt,
                  endReason: "local",
                  outcome: "declined",
                  sipStatus: 603,
                }
              : { ...missed, endedAt: missed.startedAt, endReason: "remote" },
            "missed",
          );
        }
        if (declinedId === event.id) declinedId = null;
        return;
      }
      case "notice":
        options.onNotice?.(event.notice, event.detail);
        return;
      case "consult":
        dispatch({
          type: "consult",
          consult: event.state === "ended" ? null : { target: event.target, state: event.state },
        });
        return;
      case "transfer":
        // The target took the call: the record says who and when; `ended` follows.
        if (event.state === "done" && record) {
          record = { ...record, transfer: { at: event.at, target: event.target } };
        }
        return;
    }
  };
  const unsubscribe = transport.subscribe(onEvent);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get capabilities() {
      return transport.capabilities;
    },
    dial(number, context) {
      if (isActive(state)) return;
      const typed = number === undefined ? state.number : dialInputText(number);
      typedNumber = typed;
      const read = readDialString(typed);
      if (!read.ok) {
        if (read.reason === "empty") return;
        // The rep sees what was refused, and is told why; nothing is dialed or recorded.
        if (number !== undefined) dispatch({ type: "setNumber", number });
        options.onNotice?.("dial-refused", read.reason);
        return;
      }
      const wasEnded = state.status === "ended";
      if (!dispatch({ type: "dial", number: read.dial.canonical })) return;
      if (wasEnded) cancelReset();
      postDial = read.dial.postDial;
      record = newRecord({ number: state.number, direction: "outbound", context: context ?? null });
      // A parallel line adopted: its call began when the line was placed, and was listened to.
      if (context?.line) {
        record = {
          ...record,
          startedAt: context.line.startedAt,
          detection: context.line.detection,
        };
      }
      // A simulated call is placed at once; a real line's once its INVITE goes out.
      placed = false;
      const real = transport.capabilities.real;
      transport.dial(state.number, context ?? null);
      if (!real && record && !placed) {
        placed = true;
        report(record, "started");
      }
    },
    setNumber: (number) => void dispatch({ type: "setNumber", number }),
    clearNumber: () => void dispatch({ type: "clearNumber" }),
    hangUp() {
      if (!isActive(state)) return;
      // A transport ends the call with its details (outcome, quality) as it hangs up; End is
      // immediate on screen whatever it does, and a late `ended` of its own is then a no-op.
      transport.hangUp();
      if (isActive(state)) end("local", null);
    },
    sendDigit(key) {
      if (state.status === "in-call" && isKeypadKey(key)) transport.sendDigit(key);
      else dispatch({ type: "appendDigit", key });
    },
    setHeld(held) {
      if (state.status === "in-call") transport.setHeld(held);
    },
    setMuted(muted) {
      if (isActive(state)) transport.setMuted(muted);
    },
    answer(id) {
      const ringing = state.incoming;
      const wasEnded = state.status === "ended";
      if (!ringing || !dispatch({ type: "answerIncoming", id })) return;
      if (wasEnded) cancelReset();
      record = {
        ...newRecord({ number: ringing.from, direction: "inbound", context: null }),
        transferredFromCallId: ringing.transferOf ?? null,
      };
      placed = true;
      transport.answer(id);
      report(record, "started");
    },
    decline(id) {
      if (state.incoming?.id !== id) return;
      declinedId = id;
      transport.decline(id);
    },
    takeOverLine: () => transport.takeOverLine(),
    noteDetection(callId, detection) {
      if (record?.id === callId && record.endedAt === null) record = { ...record, detection };
    },
    transfer(target) {
      if (state.status !== "in-call" || !record || !transport.transfer) return;
      transport.transfer(target, {
        callId: record.id,
        businessName: record.context?.placeName ?? null,
      });
    },
    consult(target) {
      if (state.status !== "in-call" || state.consult || !record || !transport.consult) return;
      transport.consult(target, {
        callId: record.id,
        businessName: record.context?.placeName ?? null,
      });
    },
    joinConsultation() {
      if (state.consult?.state === "connected") transport.joinConsultation?.();
    },
    endConsultation() {
      if (state.consult) transport.endConsultation?.();
    },
    retryLine: () => transport.retryLine?.(),
    placeLine: (number, context) =>
      transport.placeLine
        ? transport.placeLine(number, context)
        : Promise.reject(Object.assign(new Error("line-offline"), { code: "line-offline" })),
    setMinimised: (minimised) => void dispatch({ type: "setMinimised", minimised }),
    dispose() {
      stopTicker();
      stopPostDial();
      cancelReset();
      unsubscribe();
      transport.dispose();
      listeners.clear();
    },
  };
}
