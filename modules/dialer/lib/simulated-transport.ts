import { systemClock, type Clock } from "@/modules/dialer/lib/clock";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import { CALL_DURATION_MS, CONNECT_DELAY_MS } from "@/modules/dialer/lib/timings";
import type { CallTransport, TransportEvent } from "@/modules/dialer/lib/transport";

export interface SimulatedTransport extends CallTransport {
  /** DTMF keys sent on calls so far (the simulation has no far end to hear them). */
  readonly sentDigits: readonly KeypadKey[];
}

/**
 * The spec's local simulation: no network call; the far end "answers" after 600 ms and
 * hangs up after 20 s in call. Hold and mute only change what the screens show; nothing rings
 * this side.
 */
export function createSimulatedTransport(clock: Clock = systemClock): SimulatedTransport {
  const listeners = new Set<(event: TransportEvent) => void>();
  const sentDigits: KeypadKey[] = [];
  let timer: unknown = null;
  let phase: "idle" | "calling" | "in-call" = "idle";

  const emit = (event: TransportEvent) => listeners.forEach((listener) => listener(event));
  const cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  return {
    capabilities: { real: false },
    sentDigits,
    dial() {
      cancel();
      phase = "calling";
      timer = clock.setTimeout(() => {
        phase = "in-call";
        emit({ type: "connected" });
        timer = clock.setTimeout(() => {
          timer = null;
          phase = "idle";
          emit({ type: "ended", reason: "remote" });
        }, CALL_DURATION_MS);
      }, CONNECT_DELAY_MS);
    },
    hangUp() {
      if (phase === "idle") return;
      cancel();
      phase = "idle";
      emit({ type: "ended", reason: "local" });
    },
    sendDigit(key) {
      if (phase === "in-call") sentDigits.push(key);
    },
    setHeld(held) {
      if (phase === "in-call") emit({ type: "held", held });
    },
    setMuted(muted) {
      if (phase !== "idle") emit({ type: "muted", muted });
    },
    answer() {},
    decline() {},
    takeOverLine() {},
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      cancel();
      phase = "idle";
      listeners.clear();
    },
  };
}
