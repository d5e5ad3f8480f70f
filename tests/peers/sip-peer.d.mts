// Types for the SIP-over-WebSocket test peer (sip-peer.mjs).
export { mintEphemeral } from "./sip/ephemeral.mjs";

export type BehaviourName =
  | "answer"
  | "answer-hangup"
  | "busy"
  | "invalid"
  | "decline"
  | "no-answer"
  | "unavailable"
  | "failed"
  | "early-answer"
  | "early-busy"
  | "lossy"
  | "dtmf"
  /** Recorded answers (tests/fixtures/amd), for answering-machine detection. */
  | "human"
  | "machine"
  | "machine-no-beep"
  | "late-human"
  | "fax"
  | "silence";

/** An inline behaviour, for numbers the named ones do not cover. */
export type BehaviourSpec = {
  name?: string;
  action: "answer" | "reject";
  /** Final status of a reject. */
  status?: number;
  /** Send 180 first (default true for answer). */
  ring?: boolean;
  /** 183 with SDP and earlyToneHz for earlyMediaMs first. */
  early?: boolean;
  /** Which delay to wait before the final answer of a reject. */
  after?: keyof PeerDelays;
  hangup?: boolean;
  dtmf?: boolean;
  lossy?: boolean;
  /** Answer with this recorded clip of tests/fixtures/amd (a file name), then silence. */
  clip?: string;
};

export type PeerDelays = {
  ringMs: number;
  answerMs: number;
  declineMs: number;
  noAnswerMs: number;
  earlyMediaMs: number;
  hangupAfterMs: number;
  dtmfAfterMs: number;
  repRingTimeoutMs: number;
};

export type DtmfMode = "info" | "rfc4733" | "both";

export type PeerConfig = {
  challengeInvite: boolean;
  /** The INVITE's From user must be the authenticated user id. */
  checkFrom: boolean;
  /** Digits-only number -> behaviour. */
  numbers: Record<string, BehaviourName | BehaviourSpec>;
  defaultBehaviour: BehaviourName;
  delays: PeerDelays;
  toneHz: number;
  earlyToneHz: number;
  detectHz: number[];
  dtmfDigits: string;
  dtmfMode: DtmfMode;
  lossy: {
    lossPercent: number;
    delayMs: number;
    jitterMs: number;
    seed: number;
    /** Which way RTP is dropped: both, the client's audio ("to-peer"), or the peer's ("to-far"). */
    direction?: "both" | "to-peer" | "to-far";
  };
  /** RFC 3261 T1 for 2xx retransmissions. */
  t1Ms: number;
  defaultExpires: number;
  maxExpires: number;
  /** A final status every REGISTER gets (503: the edge is down), or null to register normally. */
  registerStatus: number | null;
  /** Ms before an authenticated REGISTER is answered (a slow edge), or 0. */
  registerDelayMs: number;
  /** Answer REFER with 501, as an edge without call transfer does. */
  refuseRefer: boolean;
};

/** A REFER the peer received in a call (tests/peers/sip/refer.mjs). */
export type PeerTransfer = {
  at: number;
  /** The Refer-To user (a registered user, or a number); null when refused. */
  target: string | null;
  /** The Refer-To URI's embedded headers, names lower-cased. */
  headers?: Record<string, string>;
  /** The new call's final status (200: the target answered), or 501 when refused. */
  status: number | null;
  /** The peer's record of the new call, for a registered user. */
  callId?: string | null;
  /** Attended transfer: the Refer-To's Replaces (RFC 3891), parsed; null when absent. */
  replaces?: { callId: string; toTag: string; fromTag: string; earlyOnly: boolean } | null;
  /** The peer's id of the consultation call the business replaced (then ended). */
  replaced?: string;
};

/** Partial config; numbers, delays and lossy are merged (a null entry removes a number). */
export type PeerConfigPatch = Partial<
  Omit<PeerConfig, "numbers" | "delays" | "lossy"> & {
    numbers: Record<string, BehaviourName | BehaviourSpec | null>;
    delays: Partial<PeerDelays>;
    lossy: Partial<PeerConfig["lossy"]>;
  }
>;

export type AuthorizationHook = (
  headerValue: string | null,
  number: string,
  fromUser: string,
  /** assertedIdentity: the INVITE's P-Asserted-Identity, null when it has none. */
  context: { callId: string; assertedIdentity: string | null },
) => boolean | Promise<boolean>;

export type SipPeerOptions = PeerConfigPatch & {
  port?: number;
  host?: string;
  realm?: string;
  users?: Record<string, string>;
  sharedSecret?: string;
  requireAuthorization?: AuthorizationHook;
};

export type Registration = {
  user: string;
  contact: string;
  instance: string | null;
  expires: number;
  registeredAt: number;
  expiresAt: number;
  authUsername: string;
  credential: "static" | "ephemeral";
  connectionId: string;
  userAgent: string | null;
};

export type ToneSegment = {
  kind: "tone" | "silence" | "noise";
  hz: number | null;
  startAt: number;
  durationMs: number;
};

export type DtmfDigit = { digit: string; via: "info" | "rfc4733"; at: number };

export type MediaStats = {
  state: string;
  codecs: string[];
  packetsSent: number;
  packetsReceived: number;
  /** Gaps in the received sequence numbers. */
  packetsLost: number;
  /** Lossy path only: what the relay forwarded and dropped. */
  relay: { forwarded: number; droppedToPeer: number; droppedToFar: number } | null;
  firstRtpAt: number | null;
  firstRtpSentAt: number | null;
  /** A recorded answer's first frame sent (epoch ms), or null. */
  clipStartedAt: number | null;
  connectedAt: number | null;
  rfc4733Received: number;
};

export type CallOutcome =
  | "answered"
  | "busy"
  | "invalid"
  | "no-answer"
  | "cancelled"
  | "declined"
  | "refused"
  | "missed"
  | "failed";

export type PeerCall = {
  id: string;
  /** outbound: the client called the peer; inbound: the peer called a registered client. */
  direction: "outbound" | "inbound";
  number: string;
  from: string;
  behaviour: string | null;
  /** The recorded answer played (a fixture of tests/fixtures/amd), or null. */
  clip: string | null;
  status: "setup" | "trying" | "ringing" | "early" | "answered" | "ended";
  finalStatus: number | null;
  outcome: CallOutcome | null;
  endedBy: "client" | "peer" | null;
  endReason?: string;
  refusal?: string;
  mediaError?: string;
  authorizationError?: string;
  authorization: { header: string | null; accepted: boolean } | null;
  /** The INVITE's P-Asserted-Identity (the caller ID the client asked to present), if any. */
  assertedIdentity: string | null;
  authUser: string | null;
  times: Record<
    "invite" | "trying" | "ringing" | "progress" | "answered" | "ack" | "bye" | "cancel" | "ended",
    number | null
  >;
  timeline: { at: number; dir: "in" | "out"; what: string }[];
  holds: { at: number; action: "hold" | "unhold"; direction: string }[];
  onHold: boolean;
  dtmf: DtmfDigit[];
  dtmfSent: DtmfDigit[];
  infos: { at: number; contentType: string; body: string }[];
  /** REFERs received in this call. */
  transfers: PeerTransfer[];
  /** For a call a transfer placed, the peer's id of the call transferred. */
  transferOf: string | null;
  /** A call to a registered user (a consultation): that user and the peer's call ringing them. */
  consult?: { user: string; callId: string };
  /** For the call ringing that user: the peer's id of the consultation call. */
  consultOf?: string;
  tones: ToneSegment[];
  media: MediaStats | Record<string, never>;
  sdp: { remote: string | null; local: string | null };
  retransmits: number;
};

export type PeerState = {
  config: PeerConfig;
  registrations: Registration[];
  calls: PeerCall[];
  refused: {
    at: number;
    method: string;
    username: string | null;
    status: number;
    reason: string;
  }[];
  keepAlives: number;
  messages: {
    at: number;
    dir: "in" | "out";
    connectionId: string;
    line: string;
    callId: string | null;
    cseq: string | null;
  }[];
};

export type CallRepResult = { callId: string; outcome: CallOutcome; status: number | null };

export type SipPeer = {
  /** ws://host:port (subprotocol "sip"). */
  url: string;
  /** http://host:port, the control API. */
  controlUrl: string;
  port: number;
  realm: string;
  readonly state: PeerState;
  config: PeerConfig;
  lastCall(): PeerCall | undefined;
  call(id: string): PeerCall | undefined;
  registrations(): Registration[];
  configure(patch: PeerConfigPatch): PeerConfig;
  /** Hangs up every call, restores the config; bindings stay unless registrations: true. */
  reset(options?: { registrations?: boolean }): Promise<void>;
  hangup(callId: string): Promise<void>;
  sendDtmf(callId: string, digits: string, mode?: DtmfMode): Promise<void>;
  /** Throws when `user` has no live binding. */
  callRep(
    user: string,
    options?: { from?: string; fromName?: string; ringTimeoutMs?: number },
  ): { callId: string; result: Promise<CallRepResult> };
  waitFor: typeof waitFor;
  close(): Promise<void>;
};

export function startSipPeer(options?: SipPeerOptions): Promise<SipPeer>;

export function waitFor<T>(
  predicate: () => T | Promise<T>,
  options?: { timeoutMs?: number; intervalMs?: number; what?: string },
): Promise<NonNullable<T>>;
