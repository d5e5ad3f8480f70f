import { createSipCalls } from "@/modules/dialer/lib/sip-call";
import { createSipLines } from "@/modules/dialer/lib/sip-lines";
import { createSipConsultation } from "@/modules/dialer/lib/sip-consult";
import { placeCall } from "@/modules/dialer/lib/sip-dial";
import { createLineLock } from "@/modules/dialer/lib/sip-line-lock";
import {
  createMicrophone,
  createRemoteAudio,
  recordingSourcesOf,
  sendDigitOn,
} from "@/modules/dialer/lib/sip-media";
import { createSipRegistration } from "@/modules/dialer/lib/sip-registration";
import { transferCall } from "@/modules/dialer/lib/sip-transfer";
import type { SipShared, SipTransportOptions } from "@/modules/dialer/lib/sip-shared";
import type { KeypadKey } from "@/modules/dialer/lib/digits";
import type { CallTransport, TransportEvent } from "@/modules/dialer/lib/transport";

// The real-call transport: SIP over WebSocket (RFC 7118) with SIP.js, WebRTC media, straight
// from the browser to the organization's own SIP edge. It is its own chunk: the DialerProvider
// imports it after first paint, and only for an organization with a phone line. Facts it relies
// on are in docs/reference/telephony.md (checked against SIP.js 0.21.2 in Chromium and the test
// peer in tests/peers/sip/). This file assembles the parts:
//   sip-registration.ts  the line: credentials, REGISTER, refresh, retry with back-off
//   sip-line-lock.ts     one tab holds the line (Web Locks)
//   sip-media.ts         microphone, speaker, sent track, DTMF, getStats samples
//   sip-call.ts          the call's lifecycle: established, hold, mute, incoming, ended
//   sip-dial.ts          an outbound call: wait for the line, authorise, INVITE
//   sip-transfer.ts      blind transfer of the connected call (REFER)
//   sip-consult.ts       warm transfer: hold, consult the target, then join (Replaces) or go back
//   sip-lines.ts         parallel dialing's lines, placed beside the call and adopted by it

export type {
  SipAuthorization,
  SipCredentials,
  SipLine,
  SipTransportOptions,
} from "@/modules/dialer/lib/sip-shared";
export {
  CALLER_ID_HEADER,
  CALL_AUTHORIZATION_HEADER,
  authorizedCallHeaders,
} from "@/modules/dialer/lib/sip-dial";

export function createSipTransport(options: SipTransportOptions): CallTransport {
  const listeners = new Set<(event: TransportEvent) => void>();
  const shared: SipShared = {
    options,
    emit: (event) => listeners.forEach((listener) => listener(event)),
    notice: (kind, detail) => shared.emit({ type: "notice", notice: kind, detail }),
    disposed: false,
  };
  const remote = createRemoteAudio(shared);
  const calls = createSipCalls(shared, remote);
  const lock = createLineLock(options.lockName, {
    isDisposed: () => shared.disposed,
    acquired: () => registration.start(),
    waiting: () => registration.setLine({ state: "offline", reason: "other-tab" }),
    lost: () => {
      registration.cancelRetry();
      void registration.stop();
      registration.setLine({ state: "offline", reason: "other-tab" });
    },
  });
  const microphone = createMicrophone(shared);
  const registration = createSipRegistration(shared, {
    onInvite: calls.onInvite,
    microphone,
    holdsLine: lock.held,
  });

  const consultation = createSipConsultation(shared, registration, calls, remote);
  const parallel = createSipLines(shared, registration);

  lock.acquire(false);

  return {
    capabilities: { real: true },
    recordingSources() {
      const current = calls.connected();
      return current ? recordingSourcesOf(current.session) : null;
    },
    sendInPlaceOfMicrophone: calls.sendInPlaceOfMicrophone,
    setFarEndAudible: remote.setAudible,
    dial(number, context) {
      if (context?.line) {
        // A parallel line a person answered: it is the rep's call now (no new INVITE).
        const session = parallel.adopt(context.line.id);
        if (!session) {
          shared.emit({ type: "ended", reason: "failed", outcome: "cancelled", sipStatus: null });
          return;
        }
        shared.emit({ type: "placed" });
        calls.adopt(session);
        return;
      }
      void placeCall(shared, registration, calls, microphone, number, context ?? null);
    },
    hangUp() {
      consultation.dispose();
      calls.hangUp();
    },
    sendDigit(key: KeypadKey) {
      const current = calls.connected();
      if (current) sendDigitOn(current.session, key, options.line.dtmfMode);
    },
    setHeld: calls.setHeld,
    transfer(target, details) {
      void transferCall(shared, calls, target, details);
    },
    consult(target, details) {
      void consultation.start(target, details);
    },
    joinConsultation() {
      void consultation.join();
    },
    endConsultation: consultation.goBack,
    setMuted: calls.setMuted,
    answer: calls.answer,
    decline: (id) => calls.decline(id),
    takeOverLine() {
      if (lock.held()) return;
      lock.acquire(true);
    },
    retryLine: registration.retryNow,
    placeLine: parallel.place,
    subscribe(listener) {
      listeners.add(listener);
      listener({ type: "line", line: registration.line });
      return () => listeners.delete(listener);
    },
    dispose() {
      shared.disposed = true;
      parallel.dispose();
      registration.cancelRetry();
      consultation.dispose();
      if (calls.state.call) calls.hangUp();
      calls.decline(calls.state.ringing?.incoming.id ?? "", 480);
      void registration.stop().finally(() => lock.release());
      listeners.clear();
    },
  };
}
