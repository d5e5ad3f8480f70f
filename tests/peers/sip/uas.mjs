// Calls the client places (the peer answers as the far end): INVITE with its optional 407,
// the authorisation hook and the dialed number's behaviour; ACK, CANCEL, BYE, INFO and
// re-INVITE (hold) inside the call. Requests inside a call the peer placed itself (uac.mjs)
// come through the same handlers.
import fs from "node:fs";
import { pcmuFrames } from "./audio.mjs";
import { resolveBehaviour } from "./behaviours.mjs";
import {
  createRuntime,
  dialogFromRequest,
  outcomeOf,
  dialogRequest,
  newCallRecord,
  note,
  sendRequest,
} from "./calls.mjs";
import { callUser } from "./consult.mjs";
import { parseDigest } from "./digest.mjs";
import { createMediaLeg } from "./media.mjs";
import {
  buildResponse,
  header,
  parseCSeq,
  parseNameAddr,
  parseUri,
  parseVia,
  randomToken,
} from "./message.mjs";
import { bindingsOf } from "./registrar.mjs";
import { mediaDirection } from "./sdp.mjs";

const clipsDir = new URL("../../fixtures/amd/", import.meta.url);
const clipCache = new Map();

/** A recorded answer's PCMU frames, read once. */
function clipFrames(name) {
  if (!/^[a-z0-9-]+\.wav$/.test(name)) throw new Error(`Not a clip name: ${name}`);
  if (!clipCache.has(name))
    clipCache.set(name, pcmuFrames(fs.readFileSync(new URL(name, clipsDir))));
  return clipCache.get(name);
}

const allow = "INVITE, ACK, CANCEL, BYE, INFO, OPTIONS, REFER, NOTIFY";
const dtmfDigits = "0123456789*#ABCD";

/** Answers a request outside the INVITE transaction logic (REGISTER, BYE, INFO...). */
export function reply(core, conn, req, status, { reason, extra = [], body = "", toTag } = {}) {
  core.send(conn, buildResponse(req, status, { reason, extra, body, toTag }));
}

/** Answers the call's INVITE (or re-INVITE `req`), keeping the call's record in step. */
export function respond(core, rt, status, { reason, body = "", extra = [], req = rt.invite } = {}) {
  const { call } = rt;
  const contact = status > 100 && status < 300 ? [["Contact", core.contact]] : [];
  const type = body ? [["Content-Type", "application/sdp"]] : [];
  const msg = buildResponse(req, status, {
    reason,
    toTag: rt.localTag,
    extra: [...contact, ["Allow", allow], ...type, ...extra],
    body,
  });
  core.send(rt.conn, msg);
  note(call, "out", `${status} ${msg.reason}`);
  if (req !== rt.invite) return msg;
  if (status === 100) call.times.trying ??= Date.now();
  if (status === 180) call.times.ringing ??= Date.now();
  if (status === 183) call.times.progress ??= Date.now();
  if (status >= 200) {
    rt.finalSent = true;
    call.finalStatus = status;
    call.outcome = outcomeOf(status);
    if (status < 300) call.times.answered = Date.now();
  }
  if (status > 100 && status < 300) rt.dialog ??= dialogFromRequest(core, req, rt.localTag);
  return msg;
}

/**
 * RFC 3261 13.3.1.4: the UAS core retransmits a 2xx (T1, 2T1, ... capped at T2) until the
 * ACK arrives, even over a reliable transport; after 64*T1 without one it ends the call.
 */
export function sendOk(core, rt, req, body) {
  const msg = respond(core, rt, 200, { body, req });
  const seq = parseCSeq(header(req, "CSeq")).seq;
  const { t1Ms } = core.config;
  const started = Date.now();
  const retransmit = (interval) =>
    rt.timer(interval, () => {
      if (rt.pendingAck?.seq !== seq) return;
      if (Date.now() - started >= 64 * t1Ms) {
        rt.pendingAck = null;
        hangup(core, rt, "no ACK");
        return;
      }
      core.send(rt.conn, msg);
      rt.call.retransmits += 1;
      note(rt.call, "out", "200 OK (retransmission)");
      rt.pendingAck.timer = retransmit(Math.min(interval * 2, 8 * t1Ms));
    });
  rt.pendingAck = { seq, timer: retransmit(t1Ms) };
}

function startMedia(rt, hz) {
  rt.leg.play(hz);
  rt.leg.setSending(true);
}

export async function onInvite(core, conn, req) {
  if (parseNameAddr(header(req, "To")).params.tag) return onReInvite(core, conn, req);
  const callId = header(req, "Call-ID");
  const number = parseUri(req.uri)?.user ?? "";
  const fromUser = parseUri(parseNameAddr(header(req, "From")).uri)?.user ?? "";
  let rt = core.calls.get(callId);
  if (rt && !rt.awaitingAuth) return reply(core, conn, req, 491);
  if (!rt) {
    const call = newCallRecord({ id: callId, direction: "outbound", number, from: fromUser });
    rt = createRuntime(call, conn);
    rt.localTag = randomToken(6);
    core.calls.set(callId, rt);
    core.state.calls.push(call);
  }
  const { call } = rt;
  rt.conn = conn;
  rt.invite = req;
  rt.awaitingAuth = false;
  // The 407 answered the previous INVITE; this one starts without a final answer.
  rt.finalSent = false;
  call.finalStatus = null;
  call.outcome = null;
  note(call, "in", "INVITE");

  if (core.config.challengeInvite) {
    const result = core.auth.check(req, "proxy", core.config.checkFrom ? "From" : null);
    if (result.challenge) {
      rt.awaitingAuth = true;
      const { status, header: name, value } = result.challenge;
      return respond(core, rt, status, { extra: [[name, value]] });
    }
    if (result.refuse) return refuse(core, rt, result.refuse.reason);
    call.authUser = result.username;
  }
  // Another registered user (a teammate): an internal call, routed by registration like an
  // edge's extension-to-extension call; numbers need the server's authorisation below.
  if (number && number !== fromUser && bindingsOf(core, number).length) {
    return callUser(core, rt, number);
  }
  // The caller ID the client asked to present (RFC 3325), for the specs and the edge's check.
  call.assertedIdentity = header(req, "P-Asserted-Identity") ?? null;
  if (typeof core.requireAuthorization === "function") {
    const value = header(req, "X-DialFlow-Authorization") ?? null;
    let accepted = false;
    try {
      accepted = Boolean(
        await core.requireAuthorization(value, number, fromUser, {
          callId,
          assertedIdentity: call.assertedIdentity,
        }),
      );
    } catch (err) {
      call.authorizationError = String(err?.message ?? err);
    }
    call.authorization = { header: value, accepted };
    if (rt.ended) return;
    if (!accepted) return refuse(core, rt, "Call not authorised");
  }
  const { name, spec } = resolveBehaviour(
    number,
    core.config.numbers,
    core.config.defaultBehaviour,
  );
  call.behaviour = name;
  await runBehaviour(core, rt, spec);
}

function refuse(core, rt, reason) {
  rt.call.refusal = reason;
  const username =
    rt.call.authUser ?? parseDigest(header(rt.invite, "Proxy-Authorization"))?.username ?? null;
  core.state.refused.push({ at: Date.now(), method: "INVITE", username, status: 403, reason });
  respond(core, rt, 403, { reason: `Forbidden (${reason})` });
  rt.end({ status: 403, endedBy: "peer", reason });
}

async function runBehaviour(core, rt, spec) {
  const { call } = rt;
  const { delays, detectHz, lossy } = core.config;
  respond(core, rt, 100);
  call.status = "trying";
  let answerSdp = "";
  if (spec.action === "answer" || spec.early) {
    // SIP.js and browsers always offer in the INVITE; an offerless INVITE is not supported.
    if (!rt.invite.body) return finish(core, rt, 488, "INVITE without SDP");
    rt.leg = createMediaLeg({
      media: call.media,
      tones: call.tones,
      dtmf: call.dtmf,
      detectHz,
      path: spec.lossy ? lossy : null,
    });
    try {
      answerSdp = await rt.leg.answer(rt.invite.body);
    } catch (err) {
      call.mediaError = String(err?.message ?? err);
      return finish(core, rt, 488, "media negotiation failed");
    }
    call.sdp = { remote: rt.invite.body, local: answerSdp };
    if (rt.ended) return;
  }
  if (!(await rt.wait(delays.ringMs))) return;
  if (spec.early) {
    respond(core, rt, 183, { body: answerSdp });
    call.status = "early";
    startMedia(rt, core.config.earlyToneHz);
    if (!(await rt.wait(delays.earlyMediaMs))) return;
  } else if (spec.ring !== false) {
    respond(core, rt, 180);
    call.status = "ringing";
  }
  if (spec.action === "reject") {
    const ms = spec.after ? delays[spec.after] : spec.ring ? delays.declineMs : 0;
    if (ms && !(await rt.wait(ms))) return;
    return finish(core, rt, spec.status);
  }
  if (!(await rt.wait(delays.answerMs))) return;
  sendOk(core, rt, rt.invite, answerSdp);
  call.status = "answered";
  if (spec.clip) {
    // A recorded answer (a person, a machine...) from the first frame, then silence.
    rt.leg.playClip(clipFrames(spec.clip));
    call.clip = spec.clip;
    startMedia(rt, null);
  } else {
    startMedia(rt, core.config.toneHz);
  }
  rt.afterAck = () => {
    if (spec.hangup) rt.timer(delays.hangupAfterMs, () => hangup(core, rt, "behaviour"));
    if (spec.dtmf) {
      rt.timer(delays.dtmfAfterMs, () => sendDigits(core, rt, core.config.dtmfDigits));
    }
  };
}

/** A final non-2xx answer from the peer's side ends the call. */
export function finish(core, rt, status, reason = null) {
  respond(core, rt, status);
  rt.end({ status, endedBy: "peer", reason });
}

export function onAck(core, conn, req) {
  const rt = core.calls.get(header(req, "Call-ID"));
  if (!rt) return;
  note(rt.call, "in", "ACK");
  const seq = parseCSeq(header(req, "CSeq"))?.seq;
  if (!rt.pendingAck || rt.pendingAck.seq !== seq) return;
  clearTimeout(rt.pendingAck.timer);
  rt.pendingAck = null;
  if (!rt.call.times.ack) {
    rt.call.times.ack = Date.now();
    rt.afterAck?.();
  }
}

export function onCancel(core, conn, req) {
  const rt = core.calls.get(header(req, "Call-ID"));
  const branch = (r) => parseVia(header(r, "Via"))?.params.branch;
  if (!rt || !rt.invite || branch(rt.invite) !== branch(req)) return reply(core, conn, req, 481);
  note(rt.call, "in", "CANCEL");
  rt.call.times.cancel = Date.now();
  reply(core, conn, req, 200);
  note(rt.call, "out", "200 OK (CANCEL)");
  // After a final answer CANCEL has no effect (RFC 3261 9.2).
  if (rt.finalSent || rt.ended) return;
  respond(core, rt, 487);
  rt.end({ status: 487, endedBy: "client", reason: "cancel" });
}

export function onBye(core, conn, req) {
  const rt = core.calls.get(header(req, "Call-ID"));
  if (!rt || rt.ended) return reply(core, conn, req, 481);
  note(rt.call, "in", "BYE");
  rt.call.times.bye = Date.now();
  reply(core, conn, req, 200);
  note(rt.call, "out", "200 OK (BYE)");
  rt.end({ endedBy: "client", reason: "bye" });
}

/** Digits from SIP INFO: application/dtmf-relay ("Signal=7") or application/dtmf ("7"). */
export function onInfo(core, conn, req) {
  const rt = core.calls.get(header(req, "Call-ID"));
  if (!rt || rt.ended) return reply(core, conn, req, 481);
  const type = (header(req, "Content-Type") ?? "").toLowerCase().split(";")[0].trim();
  const body = req.body ?? "";
  note(rt.call, "in", `INFO ${type}`);
  rt.call.infos.push({ at: Date.now(), contentType: type, body });
  const signal =
    type === "application/dtmf-relay"
      ? /^signal\s*=\s*(\S)/im.exec(body)?.[1]
      : type === "application/dtmf"
        ? body.trim()[0]
        : undefined;
  if (signal && dtmfDigits.includes(signal.toUpperCase())) {
    rt.call.dtmf.push({ digit: signal.toUpperCase(), via: "info", at: Date.now() });
  }
  reply(core, conn, req, 200);
}

/** Hold and unhold (RFC 3264 8.4): the offer's direction says which. */
async function onReInvite(core, conn, req) {
  const rt = core.calls.get(header(req, "Call-ID"));
  if (!rt || rt.ended || !rt.leg) return reply(core, conn, req, 481);
  const { call } = rt;
  note(call, "in", "re-INVITE");
  if (!req.body) return respond(core, rt, 488, { req, reason: "re-INVITE without SDP" });
  const direction = mediaDirection(req.body);
  let answer;
  try {
    answer = await rt.leg.answer(req.body);
  } catch (err) {
    call.mediaError = String(err?.message ?? err);
    return respond(core, rt, 488, { req });
  }
  const held = direction === "sendonly" || direction === "inactive";
  if (held !== call.onHold) {
    call.holds.push({ at: Date.now(), action: held ? "hold" : "unhold", direction });
    call.onHold = held;
  }
  // The far end said it will not receive: stop sending (recvonly to sendonly, none to inactive).
  rt.leg.setSending(direction === "sendrecv" || direction === "recvonly");
  call.sdp = { remote: req.body, local: answer };
  sendOk(core, rt, req, answer);
}

/** The peer hangs up: BYE once answered, 603 while the call is still being set up. */
export async function hangup(core, rt, reason = "control", timeoutMs = 2000) {
  if (rt.ended) return;
  if (rt.call.direction === "inbound" && !rt.call.times.answered) return rt.cancel?.();
  if (!rt.finalSent && rt.invite) return finish(core, rt, 603, "hung up before answer");
  const bye = dialogRequest(core, rt.dialog, "BYE");
  note(rt.call, "out", "BYE");
  rt.call.times.bye = Date.now();
  rt.end({ endedBy: "peer", reason });
  const res = await sendRequest(core, rt.conn, bye, { timeoutMs });
  note(rt.call, "in", res ? `${res.status} ${res.reason} (BYE)` : "no answer to BYE");
}

/** Digits back to the client: SIP INFO, RFC 4733 or both (config.dtmfMode). */
export async function sendDigits(core, rt, digits, mode = core.config.dtmfMode) {
  if (rt.ended || !rt.dialog) return;
  if (mode === "rfc4733" || mode === "both") {
    for (const digit of String(digits)) {
      rt.call.dtmfSent.push({ digit, via: "rfc4733", at: Date.now() });
      await rt.leg.sendDtmf(digit);
    }
  }
  if (mode === "info" || mode === "both") {
    for (const digit of String(digits)) {
      if (rt.ended) return;
      const info = dialogRequest(core, rt.dialog, "INFO", {
        contentType: "application/dtmf-relay",
        body: `Signal=${digit}\r\nDuration=160\r\n`,
      });
      note(rt.call, "out", `INFO ${digit}`);
      rt.call.dtmfSent.push({ digit, via: "info", at: Date.now() });
      await sendRequest(core, rt.conn, info, { timeoutMs: 2000 });
    }
  }
}
