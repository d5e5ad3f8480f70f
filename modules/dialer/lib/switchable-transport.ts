import type { CallTransport, TransportEvent } from "@/modules/dialer/lib/transport";

export interface SwitchableTransport extends CallTransport {
  /**
   * Puts `next` in place of the current transport (the simulation gives way to the SIP line
   * once its code has loaded). A call under way finishes on the transport it started on: the
   * switch waits for its end.
   */
  use(next: CallTransport): void;
}

/** A transport that forwards to another one, which can be replaced while the page runs. */
export function createSwitchableTransport(initial: CallTransport): SwitchableTransport {
  const listeners = new Set<(event: TransportEvent) => void>();
  let current = initial;
  let waiting: CallTransport | null = null;
  let busy = false;

  const swap = (next: CallTransport) => {
    unsubscribe();
    current.dispose();
    current = next;
    unsubscribe = current.subscribe(forward);
  };
  const forward = (event: TransportEvent) => {
    if (event.type === "connected") busy = true;
    listeners.forEach((listener) => listener(event));
    if (event.type === "ended") {
      busy = false;
      const next = waiting;
      waiting = null;
      if (next) swap(next);
    }
  };
  let unsubscribe = current.subscribe(forward);

  return {
    get capabilities() {
      return current.capabilities;
    },
    use(next) {
      if (busy) waiting = next;
      else swap(next);
    },
    dial(number, context) {
      busy = true;
      current.dial(number, context);
    },
    hangUp: () => current.hangUp(),
    sendDigit: (key) => current.sendDigit(key),
    setHeld: (held) => current.setHeld(held),
    setMuted: (muted) => current.setMuted(muted),
    answer(id) {
      busy = true;
      current.answer(id);
    },
    decline: (id) => current.decline(id),
    takeOverLine: () => current.takeOverLine(),
    retryLine: () => current.retryLine?.(),
    placeLine: (number, context) =>
      current.placeLine
        ? current.placeLine(number, context)
        : Promise.reject(Object.assign(new Error("line-offline"), { code: "line-offline" })),
    transfer: (target, details) => current.transfer?.(target, details),
    consult: (target, details) => current.consult?.(target, details),
    joinConsultation: () => current.joinConsultation?.(),
    endConsultation: () => current.endConsultation?.(),
    recordingSources: () => current.recordingSources?.() ?? null,
    sendInPlaceOfMicrophone: (track) =>
      current.sendInPlaceOfMicrophone?.(track) ?? Promise.resolve(false),
    setFarEndAudible: (audible) => current.setFarEndAudible?.(audible),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      unsubscribe();
      current.dispose();
      waiting?.dispose();
      listeners.clear();
    },
  };
}
