// The SIP-over-WebSocket test peer, exercised from Node with a ws + werift client (no
// browser): registration with static and time-limited credentials, calls through the 407
// challenge with real media both ways, every dialed-number behaviour, CANCEL, hold, DTMF,
// incoming calls to a registered client and the control API.
import WebSocket from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  linearToMulaw,
  mulawToLinear,
  classifyFrame,
  createToneSource,
  decodePcmu,
} from "../peers/sip/audio.mjs";
import { connectSipClient, type ClientCall, type SipClient } from "../peers/sip/client.mjs";
import { digestResponse, parseDigest } from "../peers/sip/digest.mjs";
import { header, parseMessage, serialize } from "../peers/sip/message.mjs";
import { audioCodecs, stripTelephoneEventRates } from "../peers/sip/sdp.mjs";
import {
  mintEphemeral,
  startSipPeer,
  waitFor,
  type PeerCall,
  type SipPeer,
} from "../peers/sip-peer.mjs";

const secret = "dialflow-edge-secret";
const fast = {
  ringMs: 20,
  answerMs: 30,
  declineMs: 30,
  noAnswerMs: 150,
  earlyMediaMs: 500,
  hangupAfterMs: 300,
  dtmfAfterMs: 100,
};
const number = {
  answer: "+15125550100",
  hangup: "+15125550101",
  busy: "+15125550102",
  invalid: "+15125550103",
  decline: "+15125550104",
  noAnswer: "+15125550105",
  earlyAnswer: "+15125550106",
  earlyBusy: "+15125550107",
  lossy: "+15125550108",
  dtmf: "+15125550109",
};

let peer: SipPeer;
const clients: SipClient[] = [];

async function client(user = "alice", password = "alice-pw", extra = {}) {
  const c = await connectSipClient(peer.url, { user, password, ...extra });
  clients.push(c);
  return c;
}

const statuses = (call: ClientCall) => call.responses.map((r) => r.status);

/** The peer's record of a call, once it exists. */
const peerCall = (call: ClientCall) =>
  waitFor(() => peer.call(call.callId), { what: `peer record of ${call.callId}` });

/** Waits until `segments` holds a tone at `hz` of at least `ms`. */
const heard = (segments: () => PeerCall["tones"], hz: number, ms = 200) =>
  waitFor(() => segments().find((s) => s.hz === hz && s.durationMs >= ms), {
    timeoutMs: 5000,
    what: `${hz} Hz for ${ms} ms`,
  });

beforeAll(async () => {
  peer = await startSipPeer({
    users: { alice: "alice-pw", bob: "bob-pw" },
    sharedSecret: secret,
    delays: fast,
  });
});

afterEach(async () => {
  // Reset first, while the clients can still answer the peer's BYEs.
  await peer.reset({ registrations: true });
  clients.splice(0).forEach((c) => c.close());
});

afterAll(() => peer.close());

describe("building blocks", () => {
  it("encodes and decodes G.711 µ-law like the standard", () => {
    expect(linearToMulaw(0)).toBe(0xff);
    expect(linearToMulaw(-1)).toBe(0x7f);
    expect(linearToMulaw(32767)).toBe(0x80);
    expect(linearToMulaw(-32768)).toBe(0x00);
    expect(mulawToLinear(0xff)).toBe(0);
    expect(mulawToLinear(0x80)).toBe(32124);
    expect(mulawToLinear(0x00)).toBe(-32124);
    for (const x of [-20000, -1000, -50, 50, 1000, 20000]) {
      expect(Math.abs(mulawToLinear(linearToMulaw(x)) - x)).toBeLessThan(Math.abs(x) * 0.07);
    }
  });

  it("tells a tone from silence and from a mix of tones", () => {
    const detect = [440, 660, 1000];
    const frame = (hz: number | null) => decodePcmu(createToneSource(hz).nextFrame());
    expect(classifyFrame(frame(1000), detect)).toMatchObject({ label: "tone", hz: 1000 });
    expect(classifyFrame(frame(440), detect)).toMatchObject({ label: "tone", hz: 440 });
    expect(classifyFrame(frame(null), detect).label).toBe("silence");
    const a = frame(440);
    const b = frame(1000);
    expect(
      classifyFrame(
        a.map((x, i) => (x + b[i]) / 2),
        detect,
      ).label,
    ).toBe("noise");
  });

  it("parses compact headers, folded lines and bodies, and serializes Content-Length", () => {
    const raw =
      "INVITE sip:+15125550100@dialflow.test SIP/2.0\r\n" +
      "v: SIP/2.0/WSS a.invalid;branch=z9hG4bK1, SIP/2.0/WSS b.invalid;branch=z9hG4bK2\r\n" +
      "f: <sip:alice@dialflow.test>;tag=1\r\nt: <sip:+15125550100@dialflow.test>\r\n" +
      "i: abc\r\nCSeq: 1 INVITE\r\nm: <sip:x@y.invalid;transport=ws>\r\n" +
      "Subject: one\r\n  two\r\nc: application/sdp\r\nl: 4\r\n\r\nv=0\r\nextra";
    const msg = parseMessage(raw)!;
    expect(msg.method).toBe("INVITE");
    expect(header(msg, "Call-ID")).toBe("abc");
    expect(msg.headers.filter(([n]) => n === "Via")).toHaveLength(2);
    expect(header(msg, "subject")).toBe("one two");
    expect(msg.body).toBe("v=0\r");
    const again = parseMessage(serialize({ ...msg, body: "v=0\r\n" }))!;
    expect(header(again, "Content-Length")).toBe("5");
    expect(parseMessage("SIP/2.0 180 Ringing\r\ni: x\r\n\r\n")).toMatchObject({ status: 180 });
    expect(parseMessage("hello")).toBeNull();
  });

  it("computes digest responses and ephemeral passwords from known vectors", () => {
    // RFC 2617 3.5.
    const response = digestResponse({
      username: "Mufasa",
      password: "Circle Of Life",
      realm: "testrealm@host.com",
      method: "GET",
      uri: "/dir/index.html",
      nonce: "dcd98b7102dd2f0e8b11d0f600bfb0c093",
      nc: "00000001",
      cnonce: "0a4f113b",
      qop: "auth",
    });
    expect(response).toBe("6629fae49393a05397450978507c4ef1");
    // openssl dgst -sha1 -hmac dialflow-edge-secret -binary <<< "1700000060:rep-42" | base64
    expect(mintEphemeral(secret, "rep-42", 60, 1_700_000_000_000)).toEqual({
      username: "1700000060:rep-42",
      password: "HyFVIwTGw+2mtVRB0SgcC10hNas=",
      expires: 1700000060,
    });
  });

  it("keeps telephone-event at 8000 only", () => {
    const sdp =
      "v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111 0 110 126\r\na=rtpmap:111 opus/48000/2\r\n" +
      "a=rtpmap:0 PCMU/8000\r\na=rtpmap:110 telephone-event/48000\r\na=fmtp:110 0-15\r\n" +
      "a=rtpmap:126 telephone-event/8000\r\n";
    const out = stripTelephoneEventRates(sdp);
    expect(audioCodecs(out)).toEqual(["opus/48000/2", "PCMU/8000", "telephone-event/8000"]);
    expect(out).toContain("m=audio 9 UDP/TLS/RTP/SAVPF 111 0 126\r\n");
    expect(out).not.toContain("a=fmtp:110");
  });
});

describe("transport", () => {
  it("refuses a WebSocket without the sip subprotocol and answers keep-alives", async () => {
    const plain = new WebSocket(peer.url);
    plain.on("error", () => {});
    const status = await new Promise((resolve) => {
      plain.on("unexpected-response", (req, res) => {
        req.destroy();
        resolve(res.statusCode);
      });
      plain.on("open", () => resolve("open"));
    });
    expect(status).toBe(400);
    const c = await client();
    expect(c.ws.protocol).toBe("sip");
    await c.keepAlive();
    expect(peer.state.keepAlives).toBeGreaterThan(0);
  });
});

describe("registration", () => {
  it("challenges, then registers a static user", async () => {
    const c = await client();
    const res = await c.register({ expires: 120 });
    expect(res.status).toBe(200);
    const challenge = c.received.find((m) => m.status === 401)!;
    expect(parseDigest(header(challenge, "WWW-Authenticate"))).toMatchObject({
      realm: "dialflow.test",
      algorithm: "MD5",
      qop: "auth",
    });
    expect(header(res, "Contact")).toBe(`<${c.contactUri}>;expires=120`);
    expect(header(res, "Expires")).toBe("120");
    expect(peer.registrations()).toMatchObject([
      { user: "alice", contact: c.contactUri, credential: "static", expires: 120 },
    ]);
  });

  it("accepts minted credentials and refuses expired, forged and borrowed ones", async () => {
    const fresh = mintEphemeral(secret, "rep-7", 300);
    const ok = await client("rep-7", fresh.password, { authUser: fresh.username });
    expect((await ok.register()).status).toBe(200);
    expect(peer.registrations()).toMatchObject([
      { user: "rep-7", authUsername: fresh.username, credential: "ephemeral" },
    ]);

    const expired = mintEphemeral(secret, "rep-7", 60, Date.now() - 120_000);
    const wrongSecret = mintEphemeral("another-team-secret", "rep-7", 300);
    const someoneElse = mintEphemeral(secret, "rep-8", 300);
    const attempts = [
      ["rep-7", expired, "Credentials expired"],
      ["rep-7", wrongSecret, "Wrong credentials"],
      ["rep-7", someoneElse, "Credentials are not rep-7's"],
    ] as const;
    for (const [user, cred, reason] of attempts) {
      const c = await client(user, cred.password, { authUser: cred.username });
      const res = await c.register();
      expect(res.status).toBe(403);
      expect(res.reason).toContain(reason);
    }
    const wrongPassword = await client("alice", "not-it");
    expect((await wrongPassword.register()).status).toBe(403);
    expect(peer.state.refused.map((r) => r.reason)).toEqual([
      "Credentials expired",
      "Wrong credentials",
      "Credentials are not rep-7's",
      "Wrong credentials",
    ]);
    expect(peer.registrations()).toHaveLength(1);
  });

  it("drops a binding when its WebSocket closes or it unregisters", async () => {
    const a = await client();
    const b = await client("bob", "bob-pw");
    await a.register();
    await b.register();
    expect(peer.registrations().map((r) => r.user)).toEqual(["alice", "bob"]);
    await b.register({ expires: 0 });
    a.close();
    await waitFor(() => peer.registrations().length === 0);
  });
});

describe("a call the client places", () => {
  it("goes through 407, rings, answers, carries tones both ways, holds, takes DTMF, ends with BYE", async () => {
    const c = await client();
    const call = c.invite(number.answer);
    const ok = await call.final;
    expect(ok.status).toBe(200);
    expect(statuses(call)).toEqual([100, 180, 200]);
    expect(c.received.map((m) => m.status).filter(Boolean)).toContain(407);
    // SIP.js drops a 180 without Contact.
    expect(header(call.responses[1], "Contact")).toMatch(/^<sip:peer@/);
    // A Chrome-like offer (Opus, telephone-event/48000) is answered with PCMU and 8000 only.
    expect(audioCodecs(call.offer!)).toContain("telephone-event/48000");
    expect(audioCodecs(ok.body)).toEqual(["PCMU/8000", "telephone-event/8000"]);

    const rec = await peerCall(call);
    await waitFor(() => rec.times.ack);
    expect(rec).toMatchObject({ behaviour: "answer", authUser: "alice", finalStatus: 200 });
    const t = rec.times;
    expect(t.invite! <= t.trying! && t.trying! <= t.ringing! && t.ringing! <= t.answered!).toBe(
      true,
    );
    await heard(() => rec.tones, 1000);
    await heard(() => call.state.tones, 440);
    expect(rec.media.firstRtpAt).toBeGreaterThan(t.invite!);
    expect(rec.media.packetsReceived).toBeGreaterThan(5);

    expect((await call.reinvite("sendonly")).status).toBe(200);
    expect((await call.reinvite("sendrecv")).status).toBe(200);
    expect(rec.holds.map((h) => [h.action, h.direction])).toEqual([
      ["hold", "sendonly"],
      ["unhold", "sendrecv"],
    ]);

    expect((await call.info("7")).status).toBe(200);
    await call.leg.sendDtmf("5#");
    await waitFor(() => rec.dtmf.length === 3);
    expect(rec.dtmf.map((d) => [d.digit, d.via])).toEqual([
      ["7", "info"],
      ["5", "rfc4733"],
      ["#", "rfc4733"],
    ]);

    expect((await call.bye()).status).toBe(200);
    expect(rec).toMatchObject({ status: "ended", endedBy: "client", outcome: "answered" });
    expect(rec.media.state).toBe("closed");
  });

  it.each([
    { name: "busy", dialed: number.busy, status: 486, provisional: [100] },
    { name: "invalid", dialed: number.invalid, status: 404, provisional: [100] },
    { name: "decline", dialed: number.decline, status: 603, provisional: [100, 180] },
    { name: "no-answer", dialed: number.noAnswer, status: 408, provisional: [100, 180] },
    { name: "an unknown number", dialed: "+15125559999", status: 404, provisional: [100] },
  ])("$name gives $status", async ({ dialed, status, provisional }) => {
    const c = await client();
    const call = c.invite(dialed);
    expect((await call.final).status).toBe(status);
    expect(statuses(call)).toEqual([...provisional, status]);
    const rec = await peerCall(call);
    expect(rec).toMatchObject({ status: "ended", finalStatus: status, endedBy: "peer" });
    await waitFor(() => rec.timeline.at(-1)?.what === "ACK");
  });

  it("is cancelled before an answer: 200 to CANCEL, 487 to the INVITE", async () => {
    peer.configure({ delays: { noAnswerMs: 5000 } });
    const c = await client();
    const call = c.invite(number.noAnswer);
    await waitFor(() => statuses(call).includes(180));
    expect((await call.cancel()).status).toBe(200);
    expect((await call.final).status).toBe(487);
    const rec = await peerCall(call);
    expect(rec).toMatchObject({ outcome: "cancelled", endedBy: "client", finalStatus: 487 });
    expect(rec.times.cancel).not.toBeNull();
  });

  it("is hung up by the far end after the answer-hangup delay", async () => {
    const c = await client();
    const call = c.invite(number.hangup);
    expect((await call.final).status).toBe(200);
    await waitFor(() => call.ended === "remote", { timeoutMs: 3000 });
    const rec = await peerCall(call);
    expect(rec).toMatchObject({ endedBy: "peer", outcome: "answered" });
    expect(rec.times.bye! - rec.times.ack!).toBeGreaterThanOrEqual(fast.hangupAfterMs - 5);
  });

  it("plays early media on 183 before the answer, or before busy", async () => {
    // Long enough for ICE and DTLS to finish well inside the early-media window on a busy CI.
    peer.configure({ delays: { earlyMediaMs: 1000 } });
    const c = await client();
    const call = c.invite(number.earlyAnswer);
    await heard(() => call.state.tones, 660, 200);
    expect(statuses(call)).toEqual([100, 183]);
    expect(audioCodecs(call.responses[1].body)).toEqual(["PCMU/8000", "telephone-event/8000"]);
    expect((await call.final).status).toBe(200);
    await heard(() => call.state.tones, 440, 200);

    const busy = c.invite(number.earlyBusy);
    expect((await busy.final).status).toBe(486);
    expect(statuses(busy)).toEqual([100, 183, 486]);
    expect(busy.state.tones.some((s) => s.hz === 660 && s.durationMs >= 200)).toBe(true);
  });

  it("sends DTMF back by SIP INFO and RFC 4733", async () => {
    peer.configure({ dtmfDigits: "19#" });
    const c = await client();
    const call = c.invite(number.dtmf);
    expect((await call.final).status).toBe(200);
    await waitFor(() => call.infos.length === 3, { timeoutMs: 4000 });
    expect(call.infos).toEqual([
      "Signal=1\r\nDuration=160\r\n",
      "Signal=9\r\nDuration=160\r\n",
      "Signal=#\r\nDuration=160\r\n",
    ]);
    expect(call.state.dtmf.map((d) => d.digit).join("")).toBe("19#");
    const rec = await peerCall(call);
    expect(rec.dtmfSent.map((d) => d.via)).toEqual([
      "rfc4733",
      "rfc4733",
      "rfc4733",
      "info",
      "info",
      "info",
    ]);
  });

  it("carries media over the lossy, delayed path", async () => {
    peer.configure({ lossy: { lossPercent: 20, delayMs: 40, jitterMs: 10 } });
    const c = await client();
    const call = c.invite(number.lossy);
    expect((await call.final).status).toBe(200);
    const rec = await peerCall(call);
    await heard(() => rec.tones, 1000, 400);
    await heard(() => call.state.tones, 440, 400);
    const relay = rec.media.relay!;
    expect(relay.droppedToPeer).toBeGreaterThan(0);
    expect(relay.droppedToFar).toBeGreaterThan(0);
    expect(call.state.media.packetsLost).toBeGreaterThan(0);
    // Every packet crosses the relay: the peer's candidate is the relay's only address.
    const candidates = defined(call.remoteSdp).match(/^a=candidate:.*$/gm) ?? [];
    expect(candidates).toHaveLength(1);
    // The relay delays each packet by at least delayMs.
    expect(call.state.media.firstRtpAt! - rec.media.firstRtpSentAt!).toBeGreaterThanOrEqual(35);
  });

  it("retransmits the 200 until the ACK arrives", async () => {
    peer.configure({ t1Ms: 40 });
    const c = await client();
    const call = c.invite(number.answer, { manualAck: true });
    expect((await call.final).status).toBe(200);
    await waitFor(() => call.okCount >= 3, { timeoutMs: 2000 });
    call.ack();
    const rec = await peerCall(call);
    await waitFor(() => rec.times.ack);
    const sent = rec.retransmits;
    expect(sent).toBeGreaterThanOrEqual(2);
    // Nothing more once acknowledged (the next retransmission would be due within 320 ms).
    await new Promise((r) => setTimeout(r, 400));
    expect(rec.retransmits).toBe(sent);
  });
});

describe("call authorisation hook", () => {
  it("refuses an INVITE whose X-DialFlow-Authorization the verifier rejects", async () => {
    const seen: unknown[] = [];
    const guarded = await startSipPeer({
      users: { alice: "alice-pw" },
      delays: fast,
      requireAuthorization: async (value, dialed, from) => {
        seen.push([value, dialed, from]);
        return value === `signed:${dialed}:${from}`;
      },
    });
    try {
      const c = await connectSipClient(guarded.url, { user: "alice", password: "alice-pw" });
      clients.push(c);
      const none = c.invite(number.answer);
      expect((await none.final).status).toBe(403);
      const forged = c.invite(number.answer, {
        headers: [["X-DialFlow-Authorization", "signed:+15125550100:mallory"]],
      });
      expect((await forged.final).status).toBe(403);
      const signed = c.invite(number.answer, {
        headers: [["X-DialFlow-Authorization", "signed:+15125550100:alice"]],
      });
      expect((await signed.final).status).toBe(200);
      expect(seen).toEqual([
        [null, "+15125550100", "alice"],
        ["signed:+15125550100:mallory", "+15125550100", "alice"],
        ["signed:+15125550100:alice", "+15125550100", "alice"],
      ]);
      expect(guarded.state.calls.map((x) => [x.outcome, x.refusal])).toEqual([
        ["refused", "Call not authorised"],
        ["refused", "Call not authorised"],
        ["answered", undefined],
      ]);
    } finally {
      clients.splice(0).forEach((x) => x.close());
      await guarded.close();
    }
  });
});

describe("a call to a registered client", () => {
  it("reports answered, declined, missed and cancelled", async () => {
    const c = await client();
    await c.register();

    const answered = peer.callRep("alice", { from: "+15125550177", fromName: "Riverside Cafe" });
    expect(await answered.result).toMatchObject({ outcome: "answered", status: 200 });
    const rec = peer.call(answered.callId)!;
    expect(rec).toMatchObject({ direction: "inbound", from: "+15125550177" });
    const invite = c.incoming[0].invite;
    expect(header(invite, "From")).toMatch(/^"Riverside Cafe" <sip:\+15125550177@/);
    await heard(() => rec.tones, 1000);
    await heard(() => c.incoming[0].state.tones, 440);
    expect((await c.incoming[0].bye()).status).toBe(200);
    expect(rec).toMatchObject({ status: "ended", endedBy: "client" });

    c.incomingAction = "decline";
    expect(await peer.callRep("alice").result).toMatchObject({ outcome: "declined", status: 603 });

    c.incomingAction = "ring";
    const missed = peer.callRep("alice", { ringTimeoutMs: 150 });
    expect(await missed.result).toMatchObject({ outcome: "missed", status: 487 });

    const cancelled = peer.callRep("alice", { ringTimeoutMs: 5000 });
    await waitFor(() => peer.call(cancelled.callId)?.times.ringing);
    await peer.hangup(cancelled.callId);
    expect(await cancelled.result).toMatchObject({ outcome: "cancelled", status: 487 });

    expect(() => peer.callRep("nobody")).toThrow(/not registered/);
  });
});

describe("control API", () => {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${peer.controlUrl}${path}`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };

  it("reads calls and registrations, changes behaviours, rings a client and resets", async () => {
    expect((await api("GET", "/calls/last")).status).toBe(404);
    const c = await client();
    await c.register();
    expect((await api("GET", "/registrations")).body).toMatchObject([{ user: "alice" }]);

    const config = await api("POST", "/config", {
      numbers: { "15550001111": "busy" },
      delays: { ringMs: 5 },
    });
    expect(config.body).toMatchObject({ delays: { ringMs: 5, answerMs: fast.answerMs } });
    const call = c.invite("+1-555-000-1111");
    expect((await call.final).status).toBe(486);
    const last = await api("GET", "/calls/last");
    expect(last.body).toMatchObject({ id: call.callId, behaviour: "busy", finalStatus: 486 });
    expect((await api("GET", `/calls/${encodeURIComponent(call.callId)}`)).status).toBe(200);

    const rung = await api("POST", "/call-rep", { user: "alice", wait: true });
    expect(rung.body).toMatchObject({ outcome: "answered" });
    expect((await api("POST", `/calls/${rung.body.callId}/hangup`)).status).toBe(200);
    await waitFor(() => c.incoming[0].ended === "remote");
    expect((await api("POST", "/call-rep", { user: "nobody" })).status).toBe(400);

    expect((await api("POST", "/reset", {})).status).toBe(200);
    expect((await api("GET", "/calls")).body).toEqual([]);
    expect(peer.config.numbers["15550001111"]).toBeUndefined();
    expect(peer.config.delays.ringMs).toBe(fast.ringMs);
  });
});

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("missing value");
  return value;
}

describe("attended transfer (RFC 5589 section 7)", () => {
  /** Rep alice (1000 Hz) on a call with the business, consulting teammate bob (660 Hz). */
  async function consulting() {
    const rep = await client();
    const mate = await client("bob", "bob-pw", { toneHz: 660 });
    await rep.register();
    await mate.register();
    const business = rep.invite(number.answer);
    expect((await business.final).status).toBe(200);
    expect((await business.reinvite("sendonly")).status).toBe(200);
    const consult = rep.invite("bob");
    expect((await consult.final).status).toBe(200);
    const record = await peerCall(consult);
    expect(record.consult?.user).toBe("bob");
    const mateLeg = peer.call(record.consult!.callId)!;
    expect(mateLeg).toMatchObject({ direction: "inbound", consultOf: consult.callId });
    // The peer bridges the two legs: rep and teammate hear each other, not the peer's tone.
    await heard(() => mate.incoming[0].state.tones, 1000);
    await heard(() => consult.state.tones, 660);
    return { rep, mate, business, consult, mateLeg };
  }

  const replacing = (call: ClientCall, tags = { to: call.remoteTag, from: call.localTag }) =>
    `sip:bob@dialflow.test?Replaces=${encodeURIComponent(
      `${call.callId};to-tag=${tags.to};from-tag=${tags.from}`,
    )}`;

  it("joins: the business takes the rep's place in the consultation, which ends", async () => {
    const { mate, business, consult, mateLeg } = await consulting();
    const referred = Date.now();
    expect((await business.refer(replacing(consult))).status).toBe(202);
    const transferred = await waitFor(
      () => peer.call(business.callId)!.transfers.find((t) => t.status !== null),
      { what: "the REFER's outcome" },
    );
    expect(transferred).toMatchObject({
      target: "bob",
      status: 200,
      callId: mateLeg.id,
      replaced: consult.callId,
      replaces: { callId: consult.callId, earlyOnly: false },
    });
    // The replaced dialog ends (the peer's BYE); the teammate's call goes on, with the business.
    await waitFor(() => consult.ended === "remote", { what: "BYE of the consultation" });
    expect(peer.call(consult.callId)).toMatchObject({ status: "ended", endedBy: "peer" });
    expect(mate.incoming[0].ended).toBeNull();
    await waitFor(
      () =>
        mate.incoming[0].state.tones.find(
          (s) => s.hz === 440 && s.durationMs >= 200 && s.startAt >= referred,
        ),
      { timeoutMs: 5000, what: "the business's tone at the teammate" },
    );
    await heard(() => mateLeg.tones, 660);
    expect(peer.call(mateLeg.id)).toMatchObject({
      status: "answered",
      transferOf: business.callId,
    });
  });

  it("goes back: the rep's BYE of the consultation ends the teammate's call too", async () => {
    const { mate, business, consult, mateLeg } = await consulting();
    expect((await consult.bye()).status).toBe(200);
    await waitFor(() => mate.incoming[0].ended === "remote", { what: "BYE to the teammate" });
    expect(peer.call(mateLeg.id)).toMatchObject({ status: "ended", endedBy: "peer" });
    expect((await business.reinvite("sendrecv")).status).toBe(200);
    expect(peer.call(business.callId)).toMatchObject({ status: "answered", onHold: false });
  });

  it("a Replaces that names no dialog of the peer's fails with 481, and nothing changes", async () => {
    const { mate, business, consult } = await consulting();
    const wrong = replacing(consult, { to: "not-the-tag", from: consult.localTag });
    expect((await business.refer(wrong)).status).toBe(202);
    const transfer = await waitFor(
      () => peer.call(business.callId)!.transfers.find((t) => t.status !== null),
      { what: "the REFER's outcome" },
    );
    expect(transfer.status).toBe(481);
    expect(consult.ended).toBeNull();
    expect(mate.incoming[0].ended).toBeNull();
    await heard(() => mate.incoming[0].state.tones, 1000);
  });
});
