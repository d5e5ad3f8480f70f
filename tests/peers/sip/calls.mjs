// Call records (plain data in peer.state, served by the control API) and the runtime beside
// each one (its connection, dialog, media leg, timers), shared by both call directions.
import { header, newBranch, parseNameAddr } from "./message.mjs";

/** SIP final status -> the outcome name tests and the app's mapping assert on. */
export function outcomeOf(status) {
  if (status >= 200 && status < 300) return "answered";
  if (status === 486 || status === 600) return "busy";
  if ([404, 410, 484, 604].includes(status)) return "invalid";
  if (status === 408 || status === 480) return "no-answer";
  if (status === 487) return "cancelled";
  if (status === 603) return "declined";
  if (status === 403) return "refused";
  return "failed";
}

export function newCallRecord({ id, direction, number, from, behaviour = null }) {
  return {
    id,
    direction,
    number,
    from,
    behaviour,
    /** The recorded answer played (a fixture of tests/fixtures/amd), or null. */
    clip: null,
    status: "setup",
    finalStatus: null,
    outcome: null,
    endedBy: null,
    authorization: null,
    assertedIdentity: null,
    authUser: null,
    times: {
      invite: Date.now(),
      trying: null,
      ringing: null,
      progress: null,
      answered: null,
      ack: null,
      bye: null,
      cancel: null,
      ended: null,
    },
    timeline: [],
    holds: [],
    onHold: false,
    dtmf: [],
    dtmfSent: [],
    infos: [],
    /** REFERs received in this call (refer.mjs), and for a call a transfer placed, its origin. */
    transfers: [],
    transferOf: null,
    tones: [],
    media: {},
    sdp: { remote: null, local: null },
    retransmits: 0,
  };
}

/** Records one SIP message in the call's timeline ("in" = from the client, "out" = sent). */
export function note(call, dir, what) {
  call.timeline.push({ at: Date.now(), dir, what });
}

/**
 * Runtime for one call: timers and waits that end with the call, so a CANCEL or BYE in the
 * middle of a behaviour stops it wherever it is.
 */
export function createRuntime(call, conn) {
  const timers = new Set();
  const waits = new Set();
  const rt = {
    call,
    conn,
    leg: null,
    dialog: null,
    ended: false,
    onEnd: [],
    /** Resolves true after `ms`, or false at once if the call ends first. */
    wait(ms) {
      if (rt.ended) return Promise.resolve(false);
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          waits.delete(resolve);
          resolve(!rt.ended);
        }, ms);
        timers.add(t);
        waits.add(resolve);
      });
    },
    timer(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        if (!rt.ended) fn();
      }, ms);
      timers.add(t);
      return t;
    },
    /** Ends the call once: stops timers and media, fills the record. */
    end({ status = null, endedBy = null, reason = null } = {}) {
      if (rt.ended) return;
      rt.ended = true;
      timers.forEach(clearTimeout);
      timers.clear();
      waits.forEach((resolve) => resolve(false));
      waits.clear();
      rt.leg?.close();
      call.times.ended = Date.now();
      if (status !== null && call.finalStatus === null) call.finalStatus = status;
      if (call.outcome === null && call.finalStatus !== null) {
        call.outcome = outcomeOf(call.finalStatus);
      }
      if (endedBy) call.endedBy = endedBy;
      if (reason) call.endReason = reason;
      call.status = "ended";
      rt.onEnd.splice(0).forEach((fn) => fn());
    },
  };
  return rt;
}

/**
 * Dialog state for requests inside a call (BYE, INFO, ACK for 2xx): our side's URI and tag,
 * theirs, their Contact (the remote target) and our CSeq counter.
 */
export function newDialog({ callId, localUri, localTag, remoteUri, remoteTag, remoteTarget }) {
  return { callId, localUri, localTag, remoteUri, remoteTag, remoteTarget, localSeq: 1 };
}

export function viaHeader(core) {
  return `SIP/2.0/WS ${core.viaHost};branch=${newBranch()}`;
}

/** Builds a request inside `dialog` (RFC 3261 12.2.1.1). */
export function dialogRequest(core, dialog, method, { body = "", contentType, extra = [] } = {}) {
  const seq = method === "ACK" || method === "CANCEL" ? dialog.localSeq : ++dialog.localSeq;
  const hdrs = [
    ["Via", viaHeader(core)],
    ["Max-Forwards", "70"],
    ["From", `<${dialog.localUri}>;tag=${dialog.localTag}`],
    ["To", `<${dialog.remoteUri}>${dialog.remoteTag ? `;tag=${dialog.remoteTag}` : ""}`],
    ["Call-ID", dialog.callId],
    ["CSeq", `${seq} ${method}`],
    ["Contact", core.contact],
    ["User-Agent", core.userAgent],
    ...extra,
  ];
  if (body) hdrs.push(["Content-Type", contentType]);
  return { method, uri: dialog.remoteTarget, headers: hdrs, body };
}

/**
 * Sends a request and resolves with its final response (or null after `timeoutMs`);
 * `onProvisional` sees 1xx responses. Responses are matched by the top Via branch.
 */
export function sendRequest(core, conn, msg, { timeoutMs = 5000, onProvisional } = {}) {
  const branch = /branch=([^;]+)/.exec(header(msg, "Via") ?? "")?.[1];
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      core.transactions.delete(branch);
      resolve(null);
    }, timeoutMs);
    core.transactions.set(branch, {
      method: msg.method,
      onResponse(res) {
        if (res.status < 200) return onProvisional?.(res);
        clearTimeout(t);
        core.transactions.delete(branch);
        resolve(res);
      },
    });
    if (!core.send(conn, msg)) {
      clearTimeout(t);
      core.transactions.delete(branch);
      resolve(null);
    }
  });
}

/** Our dialog's view of the request that created it (we are the UAS). */
export function dialogFromRequest(core, request, localTag) {
  const from = parseNameAddr(header(request, "From"));
  const to = parseNameAddr(header(request, "To"));
  return newDialog({
    callId: header(request, "Call-ID"),
    localUri: to.uri,
    localTag,
    remoteUri: from.uri,
    remoteTag: from.params.tag,
    remoteTarget: parseNameAddr(header(request, "Contact")).uri || from.uri,
  });
}
