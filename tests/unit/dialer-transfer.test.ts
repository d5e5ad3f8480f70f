// Blind transfer in the dialer: the controller hands the transport the call's record id and the
// business's name, the record keeps who took the call over and when, an answered transferred call
// links to the transferring rep's record, and the NOTIFY bodies' status lines are read.
import { describe, expect, it } from "vitest";
import { callPutBody } from "@/modules/calls/client/record-body";
import { callPutBodySchema } from "@/modules/calls/lib/schemas";
import { createDialerController, type CallPhase } from "@/modules/dialer/lib/controller";
import { UserAgent } from "sip.js";
import type { Call, SipCalls } from "@/modules/dialer/lib/sip-call";
import type { SipShared, SipTransportOptions } from "@/modules/dialer/lib/sip-shared";
import {
  referToUri,
  replacesValue,
  resolveTarget,
  sipfragStatus,
  transferCall,
} from "@/modules/dialer/lib/sip-transfer";
import { createSwitchableTransport } from "@/modules/dialer/lib/switchable-transport";
import type {
  CallTransport,
  TransferDetails,
  TransportEvent,
} from "@/modules/dialer/lib/transport";
import type { TransferTarget } from "@/modules/dialer/lib/types";
import type { CallRecord } from "@/modules/dialer/lib/types";

/** A real-line transport the test drives by hand. */
function handTransport() {
  const listeners = new Set<(event: TransportEvent) => void>();
  const transfers: [TransferTarget, TransferDetails][] = [];
  const consults: [TransferTarget, TransferDetails][] = [];
  const asked: string[] = [];
  const transport: CallTransport = {
    capabilities: { real: true },
    dial: () => undefined,
    hangUp: () => undefined,
    sendDigit: () => undefined,
    setHeld: () => undefined,
    setMuted: () => undefined,
    answer: () => undefined,
    decline: () => undefined,
    takeOverLine: () => undefined,
    transfer: (target, details) => void transfers.push([target, details]),
    consult: (target, details) => void consults.push([target, details]),
    joinConsultation: () => void asked.push("join"),
    endConsultation: () => void asked.push("go back"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => undefined,
  };
  const emit = (event: TransportEvent) => listeners.forEach((l) => l(event));
  return { transport, transfers, consults, asked, emit };
}

function dialer() {
  const hand = handTransport();
  const seen: { phase: CallPhase; record: CallRecord }[] = [];
  let ids = 0;
  const controller = createDialerController({
    transport: hand.transport,
    newCallId: () => `call-${++ids}`,
    onCall: (record, phase) => void seen.push({ phase, record }),
  });
  return { ...hand, seen, controller };
}

describe("transfer", () => {
  it("hands the transport the record's id and the business, and the record keeps the transfer", () => {
    const { controller, emit, transfers, seen } = dialer();
    const target = { kind: "teammate", userId: "7d9c1f5e-8b7a-4c2d-9e3f-1a2b3c4d5e6f" } as const;
    controller.transfer(target);
    expect(transfers).toEqual([]);
    controller.dial("5125550100", { placeId: "p1", placeName: "Austin Dental" });
    emit({ type: "placed" });
    emit({ type: "connected" });
    controller.transfer(target);
    expect(transfers).toEqual([[target, { callId: "call-1", businessName: "Austin Dental" }]]);
    emit({ type: "transfer", state: "done", target, at: 1_800_000_000_000 });
    emit({ type: "ended", reason: "local", outcome: "completed", sipStatus: null });
    const ended = seen.find((s) => s.phase === "ended")!.record;
    expect(ended.transfer).toEqual({ at: 1_800_000_000_000, target });
    const body = callPutBody(ended);
    expect(body.transfer).toEqual({
      at: new Date(1_800_000_000_000).toISOString(),
      toUserId: target.userId,
    });
    expect(callPutBodySchema.safeParse(body).success).toBe(true);
  });

  it("a failed transfer leaves the record without one", () => {
    const { controller, emit, seen } = dialer();
    controller.dial("5125550100");
    emit({ type: "placed" });
    emit({ type: "connected" });
    controller.transfer({ kind: "number", number: "+1 512 555 0199" });
    emit({ type: "transfer", state: "failed" });
    emit({ type: "ended", reason: "local", outcome: "completed", sipStatus: null });
    expect(seen.find((s) => s.phase === "ended")!.record.transfer ?? null).toBeNull();
  });

  it("an answered transferred call links to the transferring rep's record", () => {
    const { controller, emit, seen } = dialer();
    emit({
      type: "incoming",
      call: { id: "inv-1", from: "+15125550100", name: "Austin Dental", transferOf: "call-a" },
    });
    controller.answer("inv-1");
    const started = seen.find((s) => s.phase === "started")!.record;
    expect(started.transferredFromCallId).toBe("call-a");
    expect(callPutBody(started).transferredFromCallId).toBe("call-a");
  });

  it("reads the status of a NOTIFY's message/sipfrag body", () => {
    expect(sipfragStatus("SIP/2.0 100 Trying\r\n")).toBe(100);
    expect(sipfragStatus("SIP/2.0 200 OK")).toBe(200);
    expect(sipfragStatus("SIP/2.0 486 Busy Here\r\n")).toBe(486);
    expect(sipfragStatus("")).toBeNull();
    expect(sipfragStatus("hello")).toBeNull();
  });
});

describe("warm transfer in the dialer", () => {
  const target = { kind: "teammate", userId: "7d9c1f5e-8b7a-4c2d-9e3f-1a2b3c4d5e6f" } as const;

  function consulting() {
    const d = dialer();
    d.controller.dial("5125550100", { placeId: "p1", placeName: "Austin Dental" });
    d.emit({ type: "placed" });
    d.emit({ type: "connected" });
    d.controller.consult(target);
    return d;
  }

  it("consults with the record's id and the business; Join only once the target answered", () => {
    const { controller, emit, consults, asked, seen } = consulting();
    expect(consults).toEqual([[target, { callId: "call-1", businessName: "Austin Dental" }]]);
    emit({ type: "consult", state: "calling", target });
    expect(controller.getState().consult).toEqual({ target, state: "calling" });
    controller.joinConsultation();
    expect(asked).toEqual([]);
    emit({ type: "consult", state: "connected", target });
    controller.joinConsultation();
    expect(asked).toEqual(["join"]);
    // Joined: the record keeps who took the call over and when, as for a blind transfer.
    emit({ type: "transfer", state: "done", target, at: 1_800_000_000_000 });
    emit({ type: "consult", state: "ended" });
    emit({ type: "ended", reason: "local", outcome: "completed", sipStatus: null });
    expect(controller.getState().consult).toBeNull();
    expect(seen.find((s) => s.phase === "ended")!.record.transfer).toEqual({
      at: 1_800_000_000_000,
      target,
    });
  });

  it("goes back: the consultation ends, the call goes on and keeps no transfer", () => {
    const { controller, emit, asked, seen } = consulting();
    emit({ type: "consult", state: "connected", target });
    controller.endConsultation();
    expect(asked).toEqual(["go back"]);
    emit({ type: "consult", state: "ended" });
    expect(controller.getState()).toMatchObject({ status: "in-call", consult: null });
    emit({ type: "ended", reason: "local", outcome: "completed", sipStatus: null });
    expect(seen.find((s) => s.phase === "ended")!.record.transfer ?? null).toBeNull();
  });

  it("reaches the line through the dialer's switchable transport", () => {
    const hand = handTransport();
    const switchable = createSwitchableTransport(hand.transport);
    const details = { callId: "call-1", businessName: null };
    switchable.consult!(target, details);
    switchable.joinConsultation!();
    switchable.endConsultation!();
    expect(hand.consults).toEqual([[target, details]]);
    expect(hand.asked).toEqual(["join", "go back"]);
  });

  it("no consultation without a connected call, and none survives the call", () => {
    const { controller, emit, consults } = dialer();
    controller.consult(target);
    expect(consults).toEqual([]);
    controller.dial("5125550100");
    emit({ type: "placed" });
    emit({ type: "connected" });
    emit({ type: "consult", state: "connected", target });
    emit({ type: "ended", reason: "remote", outcome: "completed", sipStatus: null });
    expect(controller.getState().consult).toBeNull();
  });
});

describe("attended transfer's Refer-To (RFC 3891, RFC 5589 section 7)", () => {
  const dialog = {
    callId: "a84b4c76e66710@pc33.example",
    localTag: "1928301774",
    remoteTag: "a6c85cf",
  };

  it("names the consultation dialog as its far end matches it: to-tag theirs, from-tag ours", () => {
    expect(replacesValue(dialog)).toBe(
      "a84b4c76e66710@pc33.example;to-tag=a6c85cf;from-tag=1928301774",
    );
  });

  it("escapes the Replaces value in the URI, and SIP.js sends it as it is", () => {
    const uri = referToUri("user-7", "dialflow.test", [
      ["X-DialFlow-Transfer-Of", "call 1"],
      ["Replaces", replacesValue(dialog)],
    ]);
    expect(uri).toBe(
      "sip:user-7@dialflow.test?X-DialFlow-Transfer-Of=call%201&Replaces=" +
        "a84b4c76e66710%40pc33.example%3Bto-tag%3Da6c85cf%3Bfrom-tag%3D1928301774",
    );
    // What the REFER's Refer-To says: the same URI, nothing decoded or escaped twice (SIP.js
    // writes header names in its own case, which SIP ignores).
    expect(UserAgent.makeURI(uri)?.toString()).toBe(uri.replace("X-DialFlow", "X-Dialflow"));
    expect(referToUri("user-7", "dialflow.test", [])).toBe("sip:user-7@dialflow.test");
  });
});

describe("blind transfer's authorisation in the Refer-To", () => {
  /** The SIP transport's shared state and one connected call whose REFER is captured. */
  function line(options: Partial<SipTransportOptions> = {}) {
    const notices: [string, string | undefined][] = [];
    const referred: string[] = [];
    const asked: string[] = [];
    const shared: SipShared = {
      options: {
        line: { wsUrl: "wss://edge.example.com", sipDomain: "edge.example.com" },
        fetchCredentials: () => Promise.reject(new Error("not here")),
        authorize: async (digits) => {
          asked.push(`number ${digits}`);
          return { authorization: "number-token", number: "+15125550101", callerId: null };
        },
        ...options,
      } as SipTransportOptions,
      emit: () => undefined,
      notice: (kind, detail) => void notices.push([kind, detail]),
      disposed: false,
    };
    const current = {
      session: {
        refer: (uri: { toString(): string }) => {
          referred.push(uri.toString());
          return new Promise(() => undefined);
        },
      },
    } as unknown as Call;
    const calls = { connected: () => current, finish: () => undefined } as unknown as SipCalls;
    return { shared, calls, notices, referred, asked };
  }
  const teammate = { kind: "teammate", userId: "7d9c1f5e-8b7a-4c2d-9e3f-1a2b3c4d5e6f" } as const;
  const details = { callId: "call-1", businessName: "Austin Dental" };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it("asks the server for a teammate transfer and puts its token in the Refer-To's headers", async () => {
    const l = line({
      authorizeTransfer: async (id, purpose) => {
        l.asked.push(`teammate ${id} ${purpose}`);
        return { authorization: "teammate-token", user: id };
      },
    });
    void transferCall(l.shared, l.calls, teammate, details);
    await settle();
    expect(l.asked).toEqual([`teammate ${teammate.userId} transfer`]);
    expect(l.referred).toEqual([
      `sip:${teammate.userId}@edge.example.com?X-Dialflow-Transfer-Of=call-1` +
        "&X-Dialflow-Caller-Name=Austin%20Dental&X-Dialflow-Authorization=teammate-token",
    ]);
  });

  it("does not transfer when the server refuses the teammate, and tells the rep", async () => {
    const l = line({
      authorizeTransfer: () => Promise.reject(new Error("No such teammate")),
    });
    void transferCall(l.shared, l.calls, teammate, details);
    await settle();
    expect(l.referred).toEqual([]);
    expect(l.notices).toEqual([["call-refused", "No such teammate"]]);
  });

  it("a consultation asks the server for a teammate's consultation (purpose consult)", async () => {
    const l = line({
      authorizeTransfer: async (id, purpose) => {
        l.asked.push(`teammate ${id} ${purpose}`);
        return { authorization: "consult-token", user: id };
      },
    });
    expect(await resolveTarget(l.shared, teammate)).toEqual({
      user: teammate.userId,
      authorization: null,
      transferAuthorization: "consult-token",
    });
    expect(l.asked).toEqual([`teammate ${teammate.userId} consult`]);
    expect(l.notices).toEqual([]);
  });

  it("a line without teammate authorisations (the test peer, a PBX) asks nothing for a teammate", async () => {
    const l = line();
    for (const purpose of ["consult", "transfer"] as const) {
      expect(await resolveTarget(l.shared, teammate, purpose)).toEqual({
        user: teammate.userId,
        authorization: null,
      });
    }
    expect(l.asked).toEqual([]);
  });

  it("a number is authorised as any call, as before", async () => {
    const l = line();
    void transferCall(l.shared, l.calls, { kind: "number", number: "5125550101" }, details);
    await settle();
    expect(l.asked).toEqual(["number 5125550101"]);
    expect(l.referred[0]).toMatch(
      /^sip:\+15125550101@edge\.example\.com\?.*&X-Dialflow-Authorization=number-token$/,
    );
  });
});
