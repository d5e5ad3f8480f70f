// Types for client.mjs, the Node test client of the SIP peer.
import type { RTCPeerConnection } from "werift";
import type WebSocket from "ws";
import type { SipMessage } from "./message.mjs";
import type { DtmfDigit, MediaStats, ToneSegment } from "../sip-peer.mjs";

export type ClientLeg = {
  pc: RTCPeerConnection;
  play(hz: number | null): void;
  setSending(on: boolean): void;
  sendDtmf(digits: string, options?: { durationMs?: number; gapMs?: number }): Promise<void>;
  close(): void;
};

export type ClientCall = {
  callId: string;
  /** The dialog's tags: ours (From of a call we placed), and the peer's once it answered. */
  localTag: string;
  remoteTag?: string;
  responses: SipMessage[];
  /** Bodies of the INFO requests the peer sent in this call. */
  infos: string[];
  /** 200 OKs received for the INVITE, retransmissions included. */
  okCount: number;
  ended: "local" | "remote" | null;
  offer?: string;
  remoteSdp: string | null;
  /** What the client's own werift leg heard. */
  state: { media: MediaStats; tones: ToneSegment[]; dtmf: DtmfDigit[] };
  leg: ClientLeg;
  final: Promise<SipMessage>;
  ack(): void;
  bye(): Promise<SipMessage>;
  cancel(): Promise<SipMessage>;
  /** A blind transfer (RFC 3515) of this call to `target`. */
  refer(target: string): Promise<SipMessage>;
  info(digit: string): Promise<SipMessage>;
  reinvite(direction: "sendrecv" | "sendonly" | "recvonly" | "inactive"): Promise<SipMessage>;
};

export type IncomingCall = Omit<ClientCall, "final"> & {
  invite: SipMessage;
  final: number | null;
};

export type SipClient = {
  ws: WebSocket;
  user: string;
  contactUri: string;
  received: SipMessage[];
  incoming: IncomingCall[];
  /** What to do with the peer's INVITEs: 180 then 200, 180 then 603, or 180 and wait. */
  incomingAction: "answer" | "decline" | "ring";
  register(options?: { expires?: number }): Promise<SipMessage>;
  keepAlive(): Promise<void>;
  invite(
    number: string,
    options?: { headers?: [string, string][]; manualAck?: boolean; chromeLikeOffer?: boolean },
  ): ClientCall;
  /** Any request as written (for the tests of what an edge refuses): its final answer. */
  send(
    method: string,
    uri: string,
    request: {
      callId: string;
      from: string;
      to: string;
      seq: number;
      extra?: [string, string][];
      body?: string;
      type?: string;
    },
  ): Promise<SipMessage>;
  close(): void;
};

export function connectSipClient(
  url: string,
  options: {
    user: string;
    password: string;
    authUser?: string;
    domain?: string;
    toneHz?: number;
    detectHz?: number[];
    /** Pair only the loopback socket (behind a media relay such as rtpengine). */
    onlyLoopback?: boolean;
    /** For wss://: the certificates to trust (PEM), in place of the system's. */
    ca?: string | Buffer;
  },
): Promise<SipClient>;
