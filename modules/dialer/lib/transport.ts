import type { QualityReading, QualitySummary } from "@/modules/dialer/lib/call-quality";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import type { CallOutcome, EndReason } from "@/modules/dialer/lib/call-outcomes";
import type {
  DialContext,
  IncomingCall,
  LineStatus,
  TransferTarget,
} from "@/modules/dialer/lib/types";

/** What a transport can do beyond dial/end, so the screens offer only what works. */
export type TransportCapabilities = {
  /** Placed over a real line (SIP); false for the spec's simulation. */
  real: boolean;
};

/** The live tracks of a call, as `recordingSources` gives them. */
export type RecordingSources = { sent: MediaStreamTrack[]; received: MediaStreamTrack[] };

/** What the transfer tells the target about the call: its record's id, the business's name. */
export type TransferDetails = { callId: string; businessName: string | null };

/** What a parallel-dialing line reports: ringing, answered, ended (once, last). */
export type LineEvent =
  | { type: "ringing" }
  | { type: "answered" }
  | { type: "ended"; answered: boolean; outcome: CallOutcome; sipStatus: number | null };

/**
 * A call placed beside the rep's (parallel dialing): the rep neither hears it nor speaks on it
 * until it is adopted (`dial` with `context.line`). Its far end's audio is `received` (for the
 * machine detector), and `send` puts audio (a voicemail, the abandonment message) on it.
 */
export type BackgroundLine = {
  readonly id: string;
  received(): MediaStreamTrack | null;
  send(track: MediaStreamTrack | null): Promise<boolean>;
  hangUp(): void;
  subscribe(listener: (event: LineEvent) => void): () => void;
};

/** Something the rep must be told that is not a call state (a toast). */
export type TransportNotice =
  | "microphone-blocked"
  | "microphone-missing"
  | "call-refused"
  /** The dial string was refused (detail: a DialRefusal of modules/calls/lib/dialed-number.ts). */
  | "dial-refused"
  /** The line does not transfer calls (the edge refused REFER): the call goes on here. */
  | "transfer-refused"
  /** The transfer target did not take the call (detail: the SIP status): the call goes on here. */
  | "transfer-failed";

export type TransportEvent =
  /**
   * The call left the browser (a real line's INVITE went out). An `ended` before it means the
   * call was never placed: it is no dial, and nothing of it is recorded.
   */
  | { type: "placed" }
  /** The call waits for the phone line to connect (`waiting`), or stopped waiting. */
  | { type: "waiting-line"; waiting: boolean }
  /** The far end is ringing (SIP 180/183). */
  | { type: "ringing" }
  | { type: "connected" }
  | {
      type: "ended";
      reason: EndReason;
      /** How the call ended, as the line told it (absent for the simulation). */
      outcome?: CallOutcome;
      /** The final SIP status, when the line gave one. */
      sipStatus?: number | null;
      /** The call's line quality, when it had media. */
      quality?: QualitySummary | null;
    }
  | { type: "held"; held: boolean }
  | { type: "muted"; muted: boolean }
  /** One reading a second during a call with media. */
  | { type: "quality"; reading: QualityReading }
  | { type: "line"; line: LineStatus }
  | { type: "incoming"; call: IncomingCall }
  /** The incoming call stopped ringing: answered here (`answered`), or not. */
  | { type: "incoming-ended"; id: string; answered: boolean }
  | { type: "notice"; notice: TransportNotice; detail?: string }
  /**
   * A transfer of the connected call: asked (`trying`), taken by the target (`done`, then the
   * call ends here), or not (`failed`, the call goes on).
   */
  | { type: "transfer"; state: "trying" | "failed" }
  | { type: "transfer"; state: "done"; target: TransferTarget; at: number }
  /**
   * A warm transfer's consultation (the call is on hold meanwhile): the target is being called,
   * answered, or the consultation is over (gone back, joined, refused or hung up).
   */
  | { type: "consult"; state: "calling" | "connected"; target: TransferTarget }
  | { type: "consult"; state: "ended" }
  /**
   * What the call sends changed: the microphone, or audio put in its place (a dropped voicemail,
   * a consent notice). A running recording follows it (it mixes the track being sent).
   */
  | { type: "sending"; source: "microphone" | "replacement" };

/**
 * What the dialer needs from a telephony back end. The UI and the state machine only talk to
 * this, so the simulated transport and the SIP one (modules/dialer/lib/sip-transport.ts, loaded only
 * for an organization with a phone line) are interchangeable: pass one as
 * `<DialerProvider transport={...}>`.
 *
 * Events follow one call: `ringing`? → `connected`? → `ended`, with `held` / `muted` /
 * `quality` in between. Timing (600 ms, 20 s) belongs to the simulation only; the 1.2 s
 * "Call Ended" pause and the elapsed-time clock stay in the controller for every transport.
 */
export interface CallTransport {
  readonly capabilities: TransportCapabilities;
  /** Starts an outbound call; answer with a `connected` event, or `ended` if it fails. */
  dial(number: string, context?: DialContext | null): void;
  /** Ends the current call, if any; emits `ended` with reason `local`. */
  hangUp(): void;
  /** Sends one DTMF key on the connected call. */
  sendDigit(key: KeypadKey): void;
  /** Puts the connected call on hold or takes it off; answered with a `held` event. */
  setHeld(held: boolean): void;
  /** Stops or restarts sending the rep's voice; answered with a `muted` event. */
  setMuted(muted: boolean): void;
  /** Answers the ringing incoming call (it becomes the current call). */
  answer(id: string): void;
  /** Declines the ringing incoming call. */
  decline(id: string): void;
  /** Takes the phone line over from another tab of this browser (no-op without a line). */
  takeOverLine(): void;
  /** Tries to register the offline line now instead of after its back-off (absent: no line). */
  retryLine?(): void;
  /**
   * The audio of the connected call, for a recording: the track being sent (the
   * microphone, or whatever replaced it on the sender) and the far end's. Absent or null where
   * there is no real media (the simulation, before the call connects).
   */
  recordingSources?(): RecordingSources | null;
  /**
   * Sends `track` to the far end in place of the microphone (RTCRtpSender.replaceTrack, no
   * renegotiation), or the microphone again with null; answered with a `sending` event.
   * Resolves false when there is no connected real call to send on. Absent in the simulation.
   */
  sendInPlaceOfMicrophone?(track: MediaStreamTrack | null): Promise<boolean>;
  /**
   * Whether the rep's speaker plays the far end (on unless turned off): off while the
   * answering-machine detector listens, so the rep never hears a voicemail greeting. Every new
   * call starts audible. Absent in the simulation.
   */
  setFarEndAudible?(audible: boolean): void;
  /**
   * Hands the connected call to a teammate or a number (blind transfer); answered with
   * `transfer` events. Absent where calls cannot be transferred (the simulation).
   */
  transfer?(target: TransferTarget, details: TransferDetails): void;
  /**
   * Warm transfer: holds the connected call and calls the target first (`consult` events); then
   * `joinConsultation` hands the call to them (`transfer` events, as a blind transfer) or
   * `endConsultation` hangs up on them and resumes the call. Absent where calls cannot be
   * transferred.
   */
  consult?(target: TransferTarget, details: TransferDetails): void;
  joinConsultation?(): void;
  endConsultation?(): void;
  /**
   * Places a parallel-dialing line (authorised by the server as any call); rejects with the
   * server's refusal (`code`) or `line-offline`. Absent where there are no real lines.
   */
  placeLine?(number: string, context: DialContext): Promise<BackgroundLine>;
  /** Subscribes to call events; returns the unsubscribe function. */
  subscribe(listener: (event: TransportEvent) => void): () => void;
  /** Releases timers, sockets and media. */
  dispose(): void;
}
