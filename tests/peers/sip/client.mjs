// A minimal SIP-over-WebSocket user agent with werift media, to test the peer from Node
// without a browser. It does what SIP.js does on the wire for the flows the app uses:
// REGISTER with digest, INVITE through a 407, ACK, CANCEL, BYE, INFO, hold re-INVITE, and
// answering or declining the peer's INVITEs.
import WebSocket from "ws";
import { authorize } from "./digest.mjs";
import { createMediaLeg } from "./media.mjs";
import {
  buildResponse,
  header,
  headers,
  newBranch,
  parseCSeq,
  parseMessage,
  parseNameAddr,
  parseVia,
  randomToken,
  serialize,
} from "./message.mjs";

/** Makes a werift offer look like Chrome's: Opus first and telephone-event at 48000 too. */
function chromeLike(sdp) {
  const out = [];
  for (const line of sdp.split(/\r?\n/).filter(Boolean)) {
    if (line.startsWith("m=audio ")) {
      const [m, port, proto, ...fmts] = line.split(" ");
      out.push([m, port, proto, "111", ...fmts, "110"].join(" "));
      continue;
    }
    if (line === "a=rtpmap:0 PCMU/8000") {
      out.push("a=rtpmap:111 opus/48000/2", "a=fmtp:111 minptime=10;useinbandfec=1");
    }
    out.push(line);
    if (line === "a=rtpmap:101 telephone-event/8000")
      out.push("a=rtpmap:110 telephone-event/48000");
  }
  return `${out.join("\r\n")}\r\n`;
}

/** The Record-Route entries of a message, in order (one header may hold several). */
function routeSetOf(msg) {
  return headers(msg, "Record-Route").flatMap((value) =>
    value.split(/,(?=\s*<)/).map((entry) => entry.trim()),
  );
}

export async function connectSipClient(url, opts) {
  const { user, password, authUser = user, domain = "dialflow.test", toneHz = 1000 } = opts;
  const detectHz = opts.detectHz ?? [300, 440, 660, 1000, 1400, 2000];
  const ws = new WebSocket(url, "sip", { ca: opts.ca });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const contactUri = `sip:${randomToken(4)}@${randomToken(4)}.invalid;transport=ws`;
  const transactions = new Map();
  const dialogs = new Map();
  const pongs = [];
  const client = { ws, user, contactUri, received: [], incoming: [], incomingAction: "answer" };

  const send = (msg) => ws.send(serialize(msg));
  // A CANCEL shares its INVITE's branch: tell their transactions apart by the CSeq method.
  const txKey = (msg) =>
    `${parseVia(header(msg, "Via"))?.params.branch} ${parseCSeq(header(msg, "CSeq"))?.method}`;
  ws.on("message", (data) => {
    const text = data.toString("utf8");
    if (text === "\r\n") return pongs.shift()?.();
    const msg = parseMessage(data);
    if (!msg) return;
    client.received.push(msg);
    if (msg.status !== undefined) {
      transactions.get(txKey(msg))?.(msg);
    } else {
      onRequest(msg);
    }
  });

  function request(method, uri, { callId, from, to, seq, extra = [], body = "", type } = {}) {
    const hdrs = [
      ["Via", `SIP/2.0/WSS ${randomToken(4)}.invalid;branch=${newBranch()}`],
      ["Max-Forwards", "70"],
      ["To", to],
      ["From", from],
      ["Call-ID", callId],
      ["CSeq", `${seq} ${method}`],
      ["Contact", `<${contactUri}>`],
      ["User-Agent", "DialFlow peer test client"],
      ...extra,
    ];
    if (body) hdrs.push(["Content-Type", type]);
    return { method, uri, headers: hdrs, body };
  }

  /** Sends and collects responses; resolves with the final one (1xx go to onProvisional). */
  function transact(msg, onProvisional) {
    const key = txKey(msg);
    return new Promise((resolve) => {
      transactions.set(key, (res) => {
        if (res.status < 200) return onProvisional?.(res);
        transactions.delete(key);
        resolve(res);
      });
      send(msg);
    });
  }

  /** Sends `build(seq, auth)`, answering one 401/407 with digest credentials. */
  async function withAuth(method, uri, build, onProvisional) {
    let seq = 1;
    let res = await transact(build(seq, []), onProvisional);
    if (res.status !== 401 && res.status !== 407) return { res, seq };
    if (method === "INVITE") send(ackFor(build(seq, []), res));
    const name = res.status === 401 ? "Authorization" : "Proxy-Authorization";
    const challenge = header(res, res.status === 401 ? "WWW-Authenticate" : "Proxy-Authenticate");
    const auth = authorize(challenge, { username: authUser, password, method, uri });
    seq += 1;
    res = await transact(build(seq, [[name, auth]]), onProvisional);
    return { res, seq };
  }

  /** ACK for a non-2xx final response: the INVITE's branch, the response's To. */
  function ackFor(invite, res) {
    return {
      method: "ACK",
      uri: invite.uri,
      headers: [
        ["Via", header(invite, "Via")],
        ["Max-Forwards", "70"],
        ["To", header(res, "To")],
        ["From", header(invite, "From")],
        ["Call-ID", header(invite, "Call-ID")],
        ["CSeq", `${parseCSeq(header(invite, "CSeq")).seq} ACK`],
      ],
      body: "",
    };
  }

  client.register = async ({ expires = 600 } = {}) => {
    const callId = randomToken(10);
    const aor = `sip:${user}@${domain}`;
    const tag = randomToken(4);
    const { res } = await withAuth("REGISTER", `sip:${domain}`, (seq, extra) =>
      request("REGISTER", `sip:${domain}`, {
        callId,
        from: `<${aor}>;tag=${tag}`,
        to: `<${aor}>`,
        seq,
        extra: [["Expires", String(expires)], ...extra],
      }),
    );
    return res;
  };

  client.keepAlive = () =>
    new Promise((resolve) => {
      pongs.push(resolve);
      ws.send("\r\n\r\n");
    });

  /**
   * Places a call. Returns at once; `call.final` resolves with the final response. The ACK of
   * a 2xx is sent at once unless `manualAck` (then call.ack()).
   */
  client.invite = (
    number,
    { headers: extra = [], manualAck = false, chromeLikeOffer = true } = {},
  ) => {
    const call = newCall(randomToken(10));
    const target = `sip:${number}@${domain}`;
    const from = `<sip:${user}@${domain}>;tag=${call.localTag}`;
    call.final = (async () => {
      const offer = await call.leg.offer();
      call.offer = chromeLikeOffer ? chromeLike(offer) : offer;
      const onProvisional = (res) => {
        call.responses.push(res);
        if (res.status === 183 && res.body && !call.remoteSdp) applyAnswer(call, res);
      };
      const build = (seq, auth) =>
        request("INVITE", target, {
          callId: call.callId,
          from,
          to: `<${target}>`,
          seq,
          extra: [...auth, ...extra],
          body: call.offer,
          type: "application/sdp",
        });
      const { res, seq } = await withAuth(
        "INVITE",
        target,
        (seq, auth) => {
          call.invite = build(seq, auth);
          return call.invite;
        },
        onProvisional,
      );
      call.responses.push(res);
      call.seq = seq;
      if (res.status >= 300) {
        send(ackFor(call.invite, res));
        call.leg.close();
        return res;
      }
      call.remoteTag = parseNameAddr(header(res, "To")).params.tag;
      call.remoteTarget = parseNameAddr(header(res, "Contact")).uri;
      // RFC 3261 12.1.2: a proxy that record-routes (an edge) stays on the dialog's path.
      call.routeSet = routeSetOf(res).reverse();
      call.to = header(res, "To");
      call.from = from;
      if (!call.remoteSdp) await applyAnswer(call, res);
      // 2xx retransmissions arrive on the INVITE's branch after the transaction has ended.
      transactions.set(txKey(call.invite), () => {
        call.okCount += 1;
      });
      dialogs.set(call.callId, call);
      if (!manualAck) call.ack();
      return res;
    })();
    return call;
  };

  const legs = [];
  function newCall(callId) {
    const state = { media: {}, tones: [], dtmf: [] };
    // Behind a media relay (an edge's rtpengine) only the loopback socket may pair: with a
    // second host address the relay saw two sources for one side and some calls never connected.
    const leg = createMediaLeg({ ...state, detectHz, onlyLoopback: Boolean(opts.onlyLoopback) });
    legs.push(leg);
    return {
      callId,
      localTag: randomToken(4),
      responses: [],
      infos: [],
      okCount: 1,
      ended: null,
      state,
      leg,
      remoteSdp: null,
      ack() {
        send(inDialog(this, "ACK", this.seq));
        this.leg.play(toneHz);
        this.leg.setSending(true);
      },
      async bye() {
        const res = await transact(inDialog(this, "BYE"));
        this.ended = "local";
        this.leg.close();
        return res;
      },
      cancel() {
        // Same Request-URI, Call-ID, From, To, CSeq number and top Via as the INVITE.
        const inv = this.invite;
        return transact({
          method: "CANCEL",
          uri: inv.uri,
          headers: [
            ["Via", header(inv, "Via")],
            ["Max-Forwards", "70"],
            ["To", header(inv, "To")],
            ["From", header(inv, "From")],
            ["Call-ID", this.callId],
            ["CSeq", `${parseCSeq(header(inv, "CSeq")).seq} CANCEL`],
          ],
          body: "",
        });
      },
      /** A blind transfer (RFC 3515) of this call to `target`. */
      refer(target) {
        const msg = inDialog(this, "REFER");
        msg.headers.push(["Refer-To", `<${target}>`], ["Referred-By", `<sip:${user}@${domain}>`]);
        return transact(msg);
      },
      info(digit) {
        return transact(
          inDialog(this, "INFO", undefined, {
            body: `Signal=${digit}\r\nDuration=160`,
            type: "application/dtmf-relay",
          }),
        );
      },
      /** Hold (sendonly), inactive, or back to sendrecv, as SIP.js's re-INVITE does. */
      async reinvite(direction) {
        this.leg.pc.getTransceivers()[0].setDirection(direction);
        await this.leg.pc.setLocalDescription(await this.leg.pc.createOffer());
        const sdp = this.leg.pc.localDescription.sdp;
        const res = await transact(
          inDialog(this, "INVITE", undefined, { body: sdp, type: "application/sdp" }),
        );
        if (res.status === 200) {
          send(inDialog(this, "ACK", this.seq));
          await this.leg.pc.setRemoteDescription({ type: "answer", sdp: res.body });
        }
        return res;
      },
    };
  }

  async function applyAnswer(call, res) {
    call.remoteSdp = res.body;
    await call.leg.acceptAnswer(res.body);
    // Early media: the far end plays into the call before it is answered.
    call.leg.setSending(true);
  }

  function inDialog(call, method, seq, { body = "", type } = {}) {
    if (seq === undefined) call.seq += 1;
    return request(method, call.remoteTarget, {
      callId: call.callId,
      from: call.from,
      to: call.to,
      seq: seq ?? call.seq,
      extra: (call.routeSet ?? []).map((route) => ["Route", route]),
      body,
      type,
    });
  }

  // Requests from the peer: BYE and INFO in our calls, and calls to this user.
  async function onRequest(req) {
    const callId = header(req, "Call-ID");
    const call = dialogs.get(callId);
    const ok = (status = 200, extra = {}) => send(buildResponse(req, status, extra));
    if (req.method === "BYE") {
      if (call) {
        call.ended = "remote";
        call.leg.close();
      }
      return ok();
    }
    if (req.method === "INFO") {
      call?.infos.push(req.body);
      return ok();
    }
    if (req.method === "ACK") return;
    if (req.method === "CANCEL") {
      const inc = client.incoming.find((c) => c.callId === callId);
      ok();
      if (inc && !inc.final) {
        inc.final = 487;
        send(buildResponse(inc.invite, 487, { toTag: inc.localTag }));
        inc.leg.close();
      }
      return;
    }
    if (req.method === "INVITE") return onIncoming(req);
    ok(405);
  }

  async function onIncoming(req) {
    const callId = header(req, "Call-ID");
    const inc = { ...newCall(callId), invite: req, final: null };
    client.incoming.push(inc);
    const contact = [["Contact", `<${contactUri}>`]];
    send(buildResponse(req, 180, { toTag: inc.localTag, extra: contact }));
    const action = client.incomingAction;
    if (action === "ring") return;
    if (action === "decline") {
      inc.final = 603;
      inc.leg.close();
      return send(buildResponse(req, 603, { toTag: inc.localTag }));
    }
    const answer = await inc.leg.answer(req.body);
    inc.final = 200;
    Object.assign(inc, {
      from: header(buildResponse(req, 200, { toTag: inc.localTag }), "To"),
      to: header(req, "From"),
      remoteTarget: parseNameAddr(header(req, "Contact")).uri,
      routeSet: routeSetOf(req),
      seq: 1,
    });
    dialogs.set(callId, inc);
    send(
      buildResponse(req, 200, {
        toTag: inc.localTag,
        extra: [...contact, ["Content-Type", "application/sdp"]],
        body: answer,
      }),
    );
    inc.leg.play(toneHz);
    inc.leg.setSending(true);
  }

  /** Any request as written (for the tests of what an edge refuses); resolves with its final answer. */
  client.send = (method, uri, options) => transact(request(method, uri, options));

  client.close = () => {
    legs.forEach((leg) => leg.close());
    ws.terminate();
  };
  return client;
}
