// Warm transfer in the SIP softphone (sip-consult.ts): what the consultation INVITE and the join's
// REFER carry. Through the team's edge a teammate's consultation carries the server's "consult"
// authorisation, and the join's Refer-To a transfer's, with the call it came from and the
// Replaces naming the consultation; a line without `authorizeTransfer` (the test peer, a PBX)
// sends neither authorisation. SIP.js's Inviter is replaced by a fake that records what it was
// given and is answered by hand.
import { SessionState } from "sip.js";
import { describe, expect, it, vi } from "vitest";
import type { Call, SipCalls } from "@/modules/dialer/lib/sip-call";
import { createSipConsultation } from "@/modules/dialer/lib/sip-consult";
import type { createRemoteAudio } from "@/modules/dialer/lib/sip-media";
import type { SipRegistration } from "@/modules/dialer/lib/sip-registration";
import type { SipShared, SipTransportOptions } from "@/modules/dialer/lib/sip-shared";

type FakeInviter = {
  uri: { toString(): string; user?: string };
  options: { extraHeaders?: string[] };
  state: SessionState;
  dialog?: { callId: string; localTag: string; remoteTag: string };
  answer(dialog: { callId: string; localTag: string; remoteTag: string }): void;
};

const created = vi.hoisted(() => [] as FakeInviter[]);

vi.mock("sip.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("sip.js")>();
  class Inviter {
    state = actual.SessionState.Initial;
    dialog?: { callId: string; localTag: string; remoteTag: string };
    delegate: unknown;
    remoteIdentity: { uri: unknown };
    private listeners: ((state: SessionState) => void)[] = [];
    stateChange = { addListener: (l: (state: SessionState) => void) => this.listeners.push(l) };
    constructor(
      public ua: unknown,
      public uri: unknown,
      public options: unknown,
    ) {
      this.remoteIdentity = { uri };
      created.push(this as unknown as FakeInviter);
    }
    invite = async () => undefined;
    bye = async () => undefined;
    cancel = async () => undefined;
    answer(dialog: { callId: string; localTag: string; remoteTag: string }) {
      this.dialog = dialog;
      this.state = actual.SessionState.Established;
      this.listeners.forEach((l) => l(actual.SessionState.Established));
    }
  }
  return { ...actual, Inviter };
});

const teammate = { kind: "teammate", userId: "7d9c1f5e-8b7a-4c2d-9e3f-1a2b3c4d5e6f" } as const;
const details = { callId: "call-1", businessName: "Austin Dental" };
const dialog = { callId: "consult-1", localTag: "rep-tag", remoteTag: "mate-tag" };
const settle = () => new Promise((r) => setTimeout(r, 0));

function softphone(options: Partial<SipTransportOptions> = {}) {
  created.length = 0;
  const asked: string[] = [];
  const referred: string[] = [];
  const notices: [string, string | undefined][] = [];
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
  const business = {
    finished: false,
    session: {
      stateChange: { addListener: () => undefined },
      refer: (uri: { toString(): string }) => {
        referred.push(uri.toString());
        return new Promise(() => undefined);
      },
    },
  } as unknown as Call;
  const calls = {
    connected: () => business,
    setHeld: () => undefined,
    finish: () => undefined,
  } as unknown as SipCalls;
  const remote = { play: () => undefined, stop: () => undefined } as unknown as ReturnType<
    typeof createRemoteAudio
  >;
  const registration = { ua: {} } as unknown as SipRegistration;
  const consultation = createSipConsultation(shared, registration, calls, remote);
  return { consultation, asked, referred, notices };
}

/** The headers the consultation's INVITE was given, by name. */
const inviteHeaders = (inviter: FakeInviter) =>
  Object.fromEntries(
    (inviter.options.extraHeaders ?? []).map((h) => [h.split(":")[0], h.slice(h.indexOf(":") + 2)]),
  );

describe("warm transfer through the team's edge", () => {
  it("signs the consultation INVITE with a consult authorisation, and the join's Refer-To with a transfer's", async () => {
    const phone = softphone({
      authorizeTransfer: async (id, purpose) => {
        phone.asked.push(`teammate ${id} ${purpose}`);
        return { authorization: `${purpose}-token`, user: id };
      },
    });
    await phone.consultation.start(teammate, details);
    expect(phone.asked).toEqual([`teammate ${teammate.userId} consult`]);
    expect(created).toHaveLength(1);
    const inviter = created[0]!;
    expect(inviter.uri.toString()).toBe(`sip:${teammate.userId}@edge.example.com`);
    expect(inviteHeaders(inviter)).toEqual({
      "X-DialFlow-Transfer-Of": "call-1",
      "X-DialFlow-Caller-Name": "Austin Dental",
      "X-DialFlow-Authorization": "consult-token",
    });

    inviter.answer(dialog);
    void phone.consultation.join();
    await settle();
    expect(phone.asked).toEqual([
      `teammate ${teammate.userId} consult`,
      `teammate ${teammate.userId} transfer`,
    ]);
    expect(phone.referred).toEqual([
      `sip:${teammate.userId}@edge.example.com?X-Dialflow-Transfer-Of=call-1` +
        "&X-Dialflow-Caller-Name=Austin%20Dental" +
        "&Replaces=consult-1%3Bto-tag%3Dmate-tag%3Bfrom-tag%3Drep-tag" +
        "&X-Dialflow-Authorization=transfer-token",
    ]);
  });

  it("does not consult when the server refuses, and a refused join leaves both calls for another try", async () => {
    let refuse = true;
    const phone = softphone({
      authorizeTransfer: async (id, purpose) => {
        if (refuse) throw new Error(`No ${purpose}`);
        return { authorization: `${purpose}-token`, user: id };
      },
    });
    await phone.consultation.start(teammate, details);
    expect(created).toHaveLength(0);
    expect(phone.notices).toEqual([["call-refused", "No consult"]]);
    expect(phone.consultation.active()).toBe(false);

    refuse = false;
    await phone.consultation.start(teammate, details);
    created[0]!.answer(dialog);
    refuse = true;
    await phone.consultation.join();
    expect(phone.referred).toEqual([]);
    expect(phone.notices.at(-1)).toEqual(["call-refused", "No transfer"]);
    expect(phone.consultation.active()).toBe(true);
    refuse = false;
    void phone.consultation.join();
    await settle();
    expect(phone.referred).toHaveLength(1);
  });
});

describe("warm transfer to a number", () => {
  it("authorises the consultation as any call, and the join asks nothing more", async () => {
    const phone = softphone({
      authorizeTransfer: () => Promise.reject(new Error("must not be asked")),
    });
    await phone.consultation.start({ kind: "number", number: "5125550101" }, details);
    expect(phone.asked).toEqual(["number 5125550101"]);
    const inviter = created[0]!;
    expect(inviteHeaders(inviter)).toMatchObject({ "X-DialFlow-Authorization": "number-token" });
    inviter.answer(dialog);
    void phone.consultation.join();
    await settle();
    expect(phone.asked).toEqual(["number 5125550101"]);
    expect(phone.referred).toEqual([
      "sip:+15125550101@edge.example.com?X-Dialflow-Transfer-Of=call-1" +
        "&X-Dialflow-Caller-Name=Austin%20Dental" +
        "&Replaces=consult-1%3Bto-tag%3Dmate-tag%3Bfrom-tag%3Drep-tag",
    ]);
    expect(phone.notices).toEqual([]);
  });
});

describe("warm transfer on a line that asks for no transfer authorisation (the test peer, a PBX)", () => {
  it("consults and joins without any, as before; the join still names the call it came from", async () => {
    const phone = softphone();
    await phone.consultation.start(teammate, details);
    expect(phone.asked).toEqual([]);
    const inviter = created[0]!;
    expect(inviteHeaders(inviter)).toEqual({
      "X-DialFlow-Transfer-Of": "call-1",
      "X-DialFlow-Caller-Name": "Austin Dental",
    });
    inviter.answer(dialog);
    void phone.consultation.join();
    await settle();
    expect(phone.referred).toEqual([
      `sip:${teammate.userId}@edge.example.com?X-Dialflow-Transfer-Of=call-1` +
        "&X-Dialflow-Caller-Name=Austin%20Dental" +
        "&Replaces=consult-1%3Bto-tag%3Dmate-tag%3Bfrom-tag%3Drep-tag",
    ]);
  });
});
