import type { KeypadKey } from "./digits";

/** Why a call ended: this side hung up, the far end did, or the call could not be placed. */
export type EndReason = "local" | "remote" | "failed";

export type TransportEvent = { type: "connected" } | { type: "ended"; reason: EndReason };

/**
 * What the dialer needs from a telephony back end. The UI and the state machine only talk to
 * this, so the simulated transport can be swapped for a WebRTC one (SIP.js, Twilio Voice)
 * without touching either.
 */
export interface CallTransport {
  /** Starts an outbound call; answer with a `connected` event, or `ended` if it fails. */
  dial(number: string): void;
  /** Ends the current call, if any; emits `ended` with reason `local`. */
  hangUp(): void;
  /** Sends one DTMF key on the connected call. */
  sendDigit(key: KeypadKey): void;
  /** Subscribes to call events; returns the unsubscribe function. */
  subscribe(listener: (event: TransportEvent) => void): () => void;
  /** Releases timers, sockets and media. */
  dispose(): void;
}
