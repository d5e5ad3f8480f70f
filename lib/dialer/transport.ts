import type { KeypadKey } from "./digits";

/** Why a call ended: this side hung up, the far end did, or the call could not be placed. */
export type EndReason = "local" | "remote" | "failed";

export type TransportEvent = { type: "connected" } | { type: "ended"; reason: EndReason };

/**
 * What the dialer needs from a telephony back end. The UI and the state machine only talk to
 * this, so the simulated transport can be swapped for a WebRTC one without touching either:
 * pass it as `<DialerProvider transport={...}>`.
 *
 * - SIP.js: `dial` builds an `Inviter` for `sip:${number}@domain` on a registered
 *   `UserAgent` and calls `invite()`; its session's `stateChange` listener emits `connected`
 *   on `Established` and `ended` on `Terminated` (reason `remote`, or `failed` when the
 *   invite was rejected); `hangUp` is `bye()` / `cancel()`; `sendDigit` is
 *   `session.info({ requestOptions: { body: { contentDisposition: "render",
 *   contentType: "application/dtmf-relay", content: "Signal=5\r\nDuration=150" } } })`
 *   or RTCDTMFSender on the peer connection.
 * - Twilio Voice JS SDK: `dial` is `device.connect({ params: { To: number } })`; the Call's
 *   `accept` event emits `connected`, `disconnect`/`cancel`/`error` emit `ended`;
 *   `hangUp` is `call.disconnect()`; `sendDigit` is `call.sendDigits(key)`.
 * Timing (600 ms, 20 s) belongs to the simulation only; the 1.2 s "Call Ended" pause and the
 * elapsed-time clock stay in the controller for every transport.
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
