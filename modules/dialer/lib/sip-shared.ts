import type { TransportEvent, TransportNotice } from "@/modules/dialer/lib/transport";

// What the parts of the SIP softphone (sip-transport.ts assembles them) share: the line's
// settings, the server's answers, and one way to tell the dialer what happened.

/** The line's public settings and the rep's address on it (GET-free: the /app layout has them). */
export type SipLine = {
  wsUrl: string;
  sipDomain: string;
  iceServers: RTCIceServer[];
  dtmfMode: "rfc4733" | "info";
};

export type SipCredentials = {
  username: string;
  password: string;
  sipUri: string;
  expiresAt: string;
  ttlSeconds: number;
};

/**
 * What the server says of one call before it is placed (modules/telephony/lib/authorize.ts): the signed
 * authorisation, the number to dial and the caller ID it chose to present (null: none).
 */
export type SipAuthorization = { authorization: string; number: string; callerId?: string | null };

export type SipTransportOptions = {
  line: SipLine;
  fetchCredentials(): Promise<SipCredentials>;
  /** The server's rules for the call: resolves with its signed authorisation, or throws. */
  authorize(
    dialedDigits: string,
    placeId: string | null,
    powerDial?: { includeClosed: boolean },
  ): Promise<SipAuthorization>;
  /**
   * The server's authorisation of a transfer to a teammate (their user id), which the team's edge
   * wants in the REFER's Refer-To headers, or (`purpose` "consult") of a warm transfer's
   * consultation call to them, which it wants on that INVITE: resolves with the token and the SIP
   * user it names, or throws. Without it a teammate transfer or consultation carries no
   * authorisation (a PBX or the test peer that takes the transfer itself needs none).
   */
  authorizeTransfer?(
    teammateId: string,
    purpose?: "transfer" | "consult",
  ): Promise<{ authorization: string; user: string }>;
  /** The rep's chosen devices at the moment of a call (ids from enumerateDevices). */
  devices?(): { microphoneId: string | null; speakerId: string | null };
  /** Answered but no media by then: the call ends as "No audio". */
  mediaWatchdogMs?: number;
  /** How long ICE gathering may hold the INVITE (SIP cannot trickle candidates). */
  iceGatheringTimeoutMs?: number;
  /**
   * One tab holds the line (Web Locks): the others show it in use and may take it over. Off in
   * browsers without navigator.locks (each tab then registers; the edge forks calls to all).
   */
  lockName?: string;
};

/** The transport's own state every part reads: its options, its listeners, whether it is gone. */
export type SipShared = {
  readonly options: SipTransportOptions;
  emit(event: TransportEvent): void;
  notice(kind: TransportNotice, detail?: string): void;
  disposed: boolean;
};

/** A transferred call's origin: the id of the transferring rep's record (sip-transfer.ts). */
export const TRANSFER_OF_HEADER = "X-DialFlow-Transfer-Of";
/** The business's name as the transferring rep saw it, for the teammate's ringing screen. */
export const CALLER_NAME_HEADER = "X-DialFlow-Caller-Name";

export function clearTimer(timer: ReturnType<typeof setTimeout> | null) {
  if (timer !== null) clearTimeout(timer);
}
