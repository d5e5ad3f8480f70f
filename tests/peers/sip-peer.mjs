// A local SIP-over-WebSocket peer (RFC 7118) standing in for a team's phone system (a PBX or a
// SIP edge in front of a trunk) in the tests, the end-to-end run and the benchmark. The app
// and SIP.js talk to it unchanged; only the WebSocket URL differs. Media is real WebRTC
// (ICE, DTLS-SRTP) through werift; see docs/reference/telephony.md for what was verified.
//
//   ws://host:port  subprotocol "sip": one SIP message per WebSocket message; a CRLF CRLF
//                   keep-alive is answered with CRLF
//   REGISTER        401 digest challenge (MD5, qop=auth) -> 200 with Contact;expires, Expires.
//                   Static users (options.users) and, with options.sharedSecret, time-limited
//                   users "<unix expiry>:<user id>" / base64(HMAC-SHA1(secret, username))
//                   (tests/peers/sip/ephemeral.mjs mints them). Wrong password, unknown user,
//                   expired credentials or someone else's (To user != user id): 403.
//   INVITE          407 proxy challenge first (config.challengeInvite, default true; same
//                   credentials, From user must match); then options.requireAuthorization
//                   (X-DialFlow-Authorization header value, dialed number, From user) -> 403
//                   when it returns false; then 100 Trying and the dialed number's behaviour.
//   CANCEL          200, and 487 to the INVITE while it has no final answer
//   BYE / INFO      both ways; INFO application/dtmf-relay (Signal=7) or application/dtmf
//   re-INVITE       renegotiated with werift; sendonly/inactive logged as hold, sendrecv after
//                   a hold as unhold (the peer stops sending while held)
//   REFER           call transfer in a call (tests/peers/sip/refer.mjs): 202, NOTIFY sipfrag
//                   100 then the new call's final status; a registered user is rung with the
//                   business as caller and the Refer-To URI's X-DialFlow-* headers, a number
//                   needs its embedded authorisation; config.refuseRefer answers 501. With
//                   Replaces in the Refer-To (attended transfer), the business takes the
//                   client's place in the named consultation call, which the peer ends (BYE)
//   INVITE to a     a registered user's INVITE to another registered user (a consultation):
//   registered user the peer answers it, rings that user (sip/consult.mjs) and bridges audio
//   OPTIONS         200; other methods 405
//
// Behaviour by dialed number (the Request-URI user part compared as digits only, so
// "+1 512-555-0100", "+15125550100" and "15125550100" are the same; the Austin block of the
// Places peer). config.numbers maps digits to a name below or an inline spec; anything else
// gets config.defaultBehaviour ("invalid"). Delays are config.delays (ms, defaults here).
//
//   number        name           what the peer does
//   15125550100   answer         180 after ringMs (100), 200 + SDP after answerMs (300),
//                                retransmitted until ACK; tone toneHz (440 Hz)
//   15125550101   answer-hangup  as answer, then BYE hangupAfterMs (3000) after the ACK
//   15125550102   busy           486 at once
//   15125550103   invalid        404 at once (also every unknown number)
//   15125550104   decline        180, then 603 after declineMs (300)
//   15125550105   no-answer      180, then 408 after noAnswerMs (3000)
//   15125550106   early-answer   183 + SDP after ringMs, tone earlyToneHz (660 Hz) for
//                                earlyMediaMs (1000), then 200 and toneHz
//   15125550107   early-busy     183 + SDP and earlyToneHz for earlyMediaMs, then 486
//   15125550108   lossy          as answer, media through a UDP relay dropping
//                                config.lossy.lossPercent (10) % of RTP each way and adding
//                                delayMs (100) + up to jitterMs (30) each way
//   15125550109   dtmf           as answer, then dtmfDigits ("1234#") dtmfAfterMs (500) after
//                                the ACK, by dtmfMode: "info", "rfc4733" or "both" (default)
//   15125550110   unavailable    180, then 480 after noAnswerMs
//   15125550111   failed         503 at once
//   (by name)     human, machine, machine-no-beep, late-human, fax, silence: as answer, but
//                                the far end plays a recorded answer from tests/fixtures/amd
//                                ("Hello?", a greeting and its beep...) then silence; the
//                                call's media.clipStartedAt is when its first frame went out
//
// Media: PCMU + telephone-event/8000 only (other telephone-event rates are removed from the
// offer first), a steady tone in 20 ms frames, and what arrives decoded into segments (tone
// at which of config.detectHz, silence or noise; start and duration), first RTP, RFC 4733
// digits, packets sent/received/lost. Incoming calls to a registered client: callRep().
//
// The HTTP control API on the same port is listed in tests/peers/sip/control.mjs.
//
// Run alone: node tests/peers/sip-peer.mjs --port 5160 --user 1001:secret --secret s3cret
import http from "node:http";
import { pathToFileURL } from "node:url";
import { WebSocketServer } from "ws";
import { createAuthenticator } from "./sip/auth.mjs";
import { defaultNumbers } from "./sip/behaviours.mjs";
import { createControlHandler } from "./sip/control.mjs";
import {
  header,
  parseCSeq,
  parseMessage,
  parseVia,
  randomToken,
  serialize,
} from "./sip/message.mjs";
import { liveBindings, onRegister, removeBindings } from "./sip/registrar.mjs";
import { callRep } from "./sip/uac.mjs";
import { hangup, onAck, onBye, onCancel, onInfo, onInvite, reply, sendDigits } from "./sip/uas.mjs";
import { onRefer } from "./sip/refer.mjs";

export { mintEphemeral } from "./sip/ephemeral.mjs";

const configDefaults = {
  challengeInvite: true,
  /** Answer REFER with 501, as an edge without transfer does. */
  refuseRefer: false,
  checkFrom: true,
  numbers: { ...defaultNumbers },
  defaultBehaviour: "invalid",
  delays: {
    ringMs: 100,
    answerMs: 300,
    declineMs: 300,
    noAnswerMs: 3000,
    earlyMediaMs: 1000,
    hangupAfterMs: 3000,
    dtmfAfterMs: 500,
    repRingTimeoutMs: 15000,
  },
  toneHz: 440,
  earlyToneHz: 660,
  detectHz: [300, 440, 660, 1000, 1400, 2000],
  dtmfDigits: "1234#",
  dtmfMode: "both",
  lossy: { lossPercent: 10, delayMs: 100, jitterMs: 30, seed: 1 },
  t1Ms: 500,
  defaultExpires: 600,
  maxExpires: 3600,
  // A final status every REGISTER gets (an edge that is down: 503), or null to register normally.
  registerStatus: null,
  // Ms before an authenticated REGISTER is answered (a slow edge), or 0.
  registerDelayMs: 0,
};
const merged = new Set(["numbers", "delays", "lossy"]);

function applyConfig(config, patch = {}) {
  for (const [key, value] of Object.entries(patch)) {
    if (!(key in configDefaults) || value === undefined) continue;
    if (merged.has(key) && value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (v === null) delete config[key][k];
        else config[key][k] = v;
      }
    } else {
      config[key] = value;
    }
  }
  return config;
}

const freshConfig = (options) => applyConfig(structuredClone(configDefaults), options);

export async function startSipPeer(options = {}) {
  const host = options.host ?? "127.0.0.1";
  const realm = options.realm ?? "dialflow.test";
  const config = freshConfig(options);
  const state = { config, registrations: [], calls: [], refused: [], keepAlives: 0, messages: [] };
  const core = {
    config,
    state,
    realm,
    userAgent: "DialFlow test peer",
    auth: createAuthenticator({ realm, users: options.users, sharedSecret: options.sharedSecret }),
    requireAuthorization: options.requireAuthorization,
    calls: new Map(),
    connections: new Map(),
    transactions: new Map(),
    /** False when the connection is gone (nothing will answer). */
    send(conn, msg) {
      if (conn.ws.readyState !== conn.ws.OPEN) return false;
      logMessage(state, "out", conn, msg);
      conn.ws.send(serialize(msg));
      return true;
    },
  };

  const control = createControlHandler(peerApi());
  const server = http.createServer((req, res) => void control(req, res));
  const wss = new WebSocketServer({
    server,
    // RFC 7118: the handshake must negotiate "sip".
    handleProtocols: (protocols) => (protocols.has("sip") ? "sip" : false),
    verifyClient: (info, done) =>
      /(^|,)\s*sip\s*(,|$)/i.test(info.req.headers["sec-websocket-protocol"] ?? "")
        ? done(true)
        : done(false, 400, "WebSocket subprotocol sip required"),
  });
  wss.on("connection", (ws, req) => onConnection(core, ws, req));

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address();
  core.viaHost = `${host}:${port}`;
  core.contact = `<sip:peer@${host}:${port};transport=ws>`;

  function peerApi() {
    return {
      get state() {
        return state;
      },
      call: (id) => state.calls.find((c) => c.id === id),
      registrations: () => liveBindings(core),
      configure: (patch) => applyConfig(config, patch),
      async hangup(callId) {
        const rt = core.calls.get(callId);
        if (rt) await hangup(core, rt);
      },
      async sendDtmf(callId, digits, mode) {
        const rt = core.calls.get(callId);
        if (rt) await sendDigits(core, rt, digits, mode ?? config.dtmfMode);
      },
      callRep: (user, opts) => callRep(core, user, opts),
      async reset({ registrations = false } = {}) {
        await Promise.all([...core.calls.values()].map((rt) => hangup(core, rt, "reset", 300)));
        core.calls.forEach((rt) => rt.end({ reason: "reset" }));
        core.calls.clear();
        state.calls.length = 0;
        state.refused.length = 0;
        state.messages.length = 0;
        for (const key of Object.keys(config)) delete config[key];
        Object.assign(config, freshConfig(options));
        if (registrations) removeBindings(core, () => true);
      },
    };
  }

  const api = peerApi();
  return {
    url: `ws://${host}:${port}`,
    controlUrl: `http://${host}:${port}`,
    port,
    realm,
    get state() {
      return state;
    },
    config,
    lastCall: () => state.calls.at(-1),
    call: api.call,
    registrations: api.registrations,
    configure: api.configure,
    reset: api.reset,
    hangup: api.hangup,
    sendDtmf: api.sendDtmf,
    callRep: api.callRep,
    waitFor,
    async close() {
      core.calls.forEach((rt) => rt.end({ reason: "peer closed" }));
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(() => resolve()));
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `predicate` until it returns something truthy (returned) or `timeoutMs` passes. */
export async function waitFor(predicate, { timeoutMs = 5000, intervalMs = 10, what } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what ?? predicate}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

function logMessage(state, dir, conn, msg) {
  state.messages.push({
    at: Date.now(),
    dir,
    connectionId: conn.id,
    line: msg.method ? `${msg.method} ${msg.uri}` : `${msg.status} ${msg.reason}`,
    callId: header(msg, "Call-ID") ?? null,
    cseq: header(msg, "CSeq") ?? null,
  });
  if (state.messages.length > 1000) state.messages.splice(0, state.messages.length - 1000);
}

const handlers = {
  REGISTER: onRegister,
  INVITE: onInvite,
  ACK: onAck,
  CANCEL: onCancel,
  BYE: onBye,
  INFO: onInfo,
  REFER: onRefer,
  OPTIONS: (core, conn, req) =>
    reply(core, conn, req, 200, { extra: [["Allow", "INVITE, ACK, CANCEL, BYE, INFO, OPTIONS"]] }),
};

function onConnection(core, ws, req) {
  const conn = {
    id: randomToken(6),
    ws,
    remote: `${req.socket.remoteAddress}:${req.socket.remotePort}`,
  };
  core.connections.set(conn.id, conn);
  ws.on("message", (data) => {
    const text = data.toString("utf8");
    // RFC 5626 4.4.1 keep-alive (SIP.js sends CRLF CRLF): answer with a single CRLF.
    if (/^[\r\n]+$/.test(text)) {
      core.state.keepAlives += 1;
      if (text === "\r\n\r\n") ws.send("\r\n");
      return;
    }
    const msg = parseMessage(data);
    if (!msg) return;
    logMessage(core.state, "in", conn, msg);
    Promise.resolve(dispatch(core, conn, msg)).catch((err) => {
      if (msg.method && msg.method !== "ACK") {
        reply(core, conn, msg, 500, { reason: `Server Internal Error (${err?.message ?? err})` });
      }
    });
  });
  ws.on("close", () => {
    core.connections.delete(conn.id);
    removeBindings(core, (b) => b.connectionId === conn.id);
    // Nothing can reach the client any more (no BYE, no re-INVITE): its calls are over.
    for (const rt of core.calls.values()) {
      if (rt.conn === conn) rt.end({ endedBy: "client", reason: "connection closed" });
    }
  });
  ws.on("error", () => {});
}

function dispatch(core, conn, msg) {
  if (msg.status !== undefined) {
    const branch = parseVia(header(msg, "Via"))?.params.branch;
    return core.transactions.get(branch)?.onResponse(msg);
  }
  if (!header(msg, "Call-ID") || !parseCSeq(header(msg, "CSeq")) || !header(msg, "Via")) {
    return reply(core, conn, msg, 400);
  }
  const handler = handlers[msg.method];
  if (!handler) {
    return reply(core, conn, msg, 405, {
      extra: [["Allow", "INVITE, ACK, CANCEL, BYE, INFO, OPTIONS"]],
    });
  }
  return handler(core, conn, msg);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const all = (name) => args.flatMap((a, i) => (a === `--${name}` ? [args[i + 1]] : []));
  const users = Object.fromEntries(all("user").map((u) => [u.split(":")[0], u.split(":")[1]]));
  startSipPeer({
    port: Number(all("port")[0] ?? 5160),
    users,
    sharedSecret: all("secret")[0],
    challengeInvite: !args.includes("--no-invite-challenge"),
  }).then((peer) => console.log(`sip peer listening on ${peer.url} (control ${peer.controlUrl})`));
}
