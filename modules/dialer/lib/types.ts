import type { AmdCause } from "@/modules/dialer/lib/amd/detector";
import type { QualityReading, QualitySummary } from "@/modules/dialer/lib/call-quality";
import type { CallOutcome } from "@/modules/dialer/lib/call-outcomes";

/** Where a call is in its life; the spec's four states. */
export type CallStatus = "idle" | "calling" | "in-call" | "ended";

/** Which way a call goes: the rep dialed it, or it rang the rep. */
export type CallDirection = "outbound" | "inbound";

/** The one shared call state (spec section 3, "Dialer state"). */
export interface DialerState {
  /**
   * The dial string: as typed (`dialInputText` keeps what a dial string may hold) until a call
   * starts, then its canonical form (number and post-dial, modules/calls/lib/dial-string.ts).
   */
  number: string;
  status: CallStatus;
  /**
   * While `calling`: placing the call, waiting for the phone line to connect first (`line`), the
   * far end ringing (real lines only), or an incoming call being answered (`answering`).
   */
  phase: "dialing" | "line" | "ringing" | "answering";
  direction: CallDirection;
  /** Clock time the call connected, or null before connection. */
  connectedAt: number | null;
  /** Milliseconds spent in-call; frozen when the call ends, reset at idle. */
  elapsedMs: number;
  /** How the last call ended, as the line told it; null for the simulation and until it ends. */
  outcome: CallOutcome | null;
  held: boolean;
  muted: boolean;
  /** The line's quality right now, during a real call with media. */
  quality: QualityReading | null;
  /** The phone line; null without one (the simulation). */
  line: LineStatus | null;
  /** A call ringing this rep, waiting for Answer or Decline. */
  incoming: IncomingCall | null;
  /**
   * A warm transfer under way: the call is on hold while the rep calls the target (`calling`)
   * or talks to them (`connected`), before Join or Go back.
   */
  consult: { target: TransferTarget; state: "calling" | "connected" } | null;
  minimised: boolean;
}

export const initialDialerState: DialerState = {
  number: "",
  status: "idle",
  phase: "dialing",
  direction: "outbound",
  connectedAt: null,
  elapsedMs: 0,
  outcome: null,
  held: false,
  muted: false,
  quality: null,
  line: null,
  incoming: null,
  consult: null,
  minimised: false,
};

/** Where a dial came from, when it came from a business (the facility drawer, Targets). */
export type DialContext = {
  placeId: string;
  placeName?: string | null;
  /** The business's UTC offset in minutes when dialed, and its category (analytics). */
  utcOffsetMinutes?: number | null;
  category?: string | null;
  /** A power-dial session's call; the server holds it to the calling window unless `includeClosed`. */
  powerDial?: { includeClosed: boolean; parallel?: boolean };
  /**
   * A parallel-dialing line already answered by a person: `dial` adopts it instead of placing a
   * call (its start, and the detector's decision, go on the record).
   */
  line?: { id: string; startedAt: number; detection: CallDetection | null };
};

/**
 * Who answered an outbound call, as the answering-machine detector decided: its verdict and
 * cause, and when (`atMs`, ms from the answer). `overridden`: the rep corrected the decision with
 * a key (the verdict stays the detector's, so its accuracy can be counted). `automaticVoicemail`:
 * the rep's default voicemail was left without the rep.
 */
export type CallDetection = {
  verdict: "human" | "machine" | "unknown";
  cause: AmdCause;
  atMs: number;
  overridden: boolean;
  automaticVoicemail: boolean;
};

/**
 * One call as the dialer saw it, handed to `onCall` when it is dialed and again when it ends
 * (modules/calls/client records it through the API). Times are clock epoch ms.
 */
export type CallRecord = {
  /** The browser's own id for the call (a UUID): retried saves find the same record. */
  id: string;
  /** The digits dialed, or the caller's number for an inbound call. */
  number: string;
  direction: CallDirection;
  context: DialContext | null;
  startedAt: number;
  connectedAt: number | null;
  endedAt: number | null;
  endReason: "local" | "remote" | "failed" | null;
  /** How the line said the call ended (real lines only). */
  outcome: CallOutcome | null;
  sipStatus: number | null;
  quality: QualitySummary | null;
  /** The call was handed over (blind or warm transfer): to whom, and when the target took it. */
  transfer?: { at: number; target: TransferTarget } | null;
  /** An answered transferred call: the id of the transferring rep's record of it. */
  transferredFromCallId?: string | null;
  /** An answered outbound call's answering-machine detection (the server keeps the first). */
  detection?: CallDetection | null;
  /**
   * A person answered a parallel-dialing line and no rep was connected in time: the call is
   * abandoned (it heard the team's message; the server keeps it, audits it and counts it).
   */
  abandoned?: boolean;
};

/**
 * The phone line, as the top bar's indicator shows it. A transport without a line (the
 * simulation) never reports one.
 */
export type LineStatus =
  | { state: "connecting"; attempt: number }
  | { state: "registered" }
  | {
      state: "offline";
      reason: LineOfflineReason;
      /** When the line tries again by itself (epoch ms); absent when it does not. */
      retryAt?: number;
    };

/** Why the line is offline, in words the indicator can name. */
export type LineOfflineReason = "unreachable" | "rejected" | "not-configured" | "other-tab";

/** A call ringing this rep, until it is answered, declined or gone. */
export type IncomingCall = {
  id: string;
  /** The caller's number as the line gave it (digits, a leading +), or "" when withheld. */
  from: string;
  /** The caller's display name, when the line sent one. */
  name: string | null;
  /** A teammate transferred this call: the id of their record of it. */
  transferOf?: string | null;
};

/** Where a connected call is transferred: a teammate's browser, or a number. */
export type TransferTarget =
  { kind: "teammate"; userId: string } | { kind: "number"; number: string };
