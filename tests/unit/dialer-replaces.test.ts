// The teammate's side of a warm transfer through the team's edge (sip-call.ts): the carrier's
// INVITE arrives with a Replaces (RFC 3891) naming the consultation the teammate is in. The
// softphone answers it in place of the consultation and ends the consultation with BYE, and for
// the dialer the call simply goes on (no new incoming call, no "ended"). Any other INVITE during
// a call is busy, as before. SIP.js's Invitation is a hand-driven fake.
import { SessionState, type Invitation } from "sip.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSipCalls } from "@/modules/dialer/lib/sip-call";
import type { createRemoteAudio } from "@/modules/dialer/lib/sip-media";
import type { SipShared, SipTransportOptions } from "@/modules/dialer/lib/sip-shared";
import type { TransportEvent } from "@/modules/dialer/lib/transport";

type Dialog = { callId: string; localTag: string; remoteTag: string };

function fakeInvitation(id: string, headers: Record<string, string> = {}) {
  const listeners: ((state: SessionState) => void)[] = [];
  const fake = {
    id,
    state: SessionState.Initial,
    dialog: undefined as Dialog | undefined,
    delegate: undefined as unknown,
    request: { getHeader: (name: string) => headers[name] },
    remoteIdentity: { uri: { user: "+15125550101" }, displayName: "" },
    stateChange: { addListener: (l: (state: SessionState) => void) => void listeners.push(l) },
    accept: vi.fn(async () => undefined),
    reject: vi.fn(async () => undefined),
    bye: vi.fn(async () => undefined),
    to(state: SessionState, dialog?: Dialog) {
      fake.state = state;
      if (dialog) fake.dialog = dialog;
      listeners.forEach((l) => l(state));
    },
  };
  return fake;
}

function softphone() {
  const events: TransportEvent[] = [];
  const shared: SipShared = {
    options: { line: { sipDomain: "edge.example.com" } } as SipTransportOptions,
    emit: (event) => void events.push(event),
    notice: () => undefined,
    disposed: false,
  };
  const remote = { play: vi.fn(), stop: vi.fn() } as unknown as ReturnType<
    typeof createRemoteAudio
  >;
  return { calls: createSipCalls(shared, remote), events };
}

/** The teammate answered the rep's consultation (an ordinary incoming call). */
function inConsultation() {
  const phone = softphone();
  const consultation = fakeInvitation("consult", { "X-DialFlow-Transfer-Of": "call-1" });
  phone.calls.onInvite(consultation as unknown as Invitation);
  phone.calls.answer("consult");
  const dialog = { callId: "consult-1", localTag: "mate-tag", remoteTag: "rep-tag" };
  consultation.to(SessionState.Established, dialog);
  return { ...phone, consultation, dialog };
}

const kinds = (events: TransportEvent[]) => events.map((e) => e.type);

describe("a warm transfer's join reaching the teammate (Replaces)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("answers the business in place of the consultation, ends the consultation, and the call goes on", async () => {
    const { calls, events, consultation } = inConsultation();
    expect(kinds(events)).toEqual(["incoming", "incoming-ended", "connected"]);
    const business = fakeInvitation("business", {
      Replaces: "consult-1;to-tag=mate-tag;from-tag=rep-tag",
      "X-DialFlow-Transfer-Of": "call-1",
    });
    calls.onInvite(business as unknown as Invitation);
    expect(business.accept).toHaveBeenCalledTimes(1);
    expect(business.reject).not.toHaveBeenCalled();
    expect(consultation.bye).toHaveBeenCalledTimes(1);
    consultation.to(SessionState.Terminated);
    business.to(SessionState.Established, {
      callId: "carrier-1",
      localTag: "mate-tag-2",
      remoteTag: "carrier-tag",
    });
    await vi.advanceTimersByTimeAsync(10);
    // No new incoming call to ring, and the call the dialer has did not end.
    expect(kinds(events)).not.toContain("ended");
    expect(kinds(events).filter((k) => k === "incoming")).toHaveLength(1);
    expect(calls.connected()?.session).toBe(business);

    // Hanging up now ends the business's call, once.
    calls.hangUp();
    expect(business.bye).toHaveBeenCalledTimes(1);
    expect(kinds(events).filter((k) => k === "ended")).toHaveLength(1);
  });

  it("is busy for an INVITE whose Replaces names another dialog, an early-only one, or none", () => {
    const { calls, consultation } = inConsultation();
    for (const replaces of [
      "consult-1;to-tag=rep-tag;from-tag=mate-tag",
      "other-call;to-tag=mate-tag;from-tag=rep-tag",
      "consult-1;to-tag=mate-tag;from-tag=rep-tag;early-only",
      undefined,
    ]) {
      const other = fakeInvitation(`x-${replaces}`, replaces ? { Replaces: replaces } : {});
      calls.onInvite(other as unknown as Invitation);
      expect(other.reject, replaces).toHaveBeenCalledWith({ statusCode: 486 });
      expect(other.accept, replaces).not.toHaveBeenCalled();
    }
    expect(consultation.bye).not.toHaveBeenCalled();
    expect(calls.connected()?.session).toBe(consultation);
  });
});
