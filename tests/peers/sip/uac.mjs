// Incoming calls for a rep: the peer places an INVITE to a registered client over the
// WebSocket it registered on and reports what became of it.
//   answered  - 2xx (the peer ACKs, plays its tone and listens)
//   declined  - 480/486/600/603 (SIP.js's Invitation.reject() sends 480 by default)
//   missed    - nobody answered within ringTimeoutMs: the peer sent CANCEL
//   cancelled - hung up by the peer's control API before an answer: CANCEL as well
//   failed    - anything else, or no response at all
import { createRuntime, dialogRequest, newCallRecord, newDialog, note } from "./calls.mjs";
import { createMediaLeg } from "./media.mjs";
import { header, parseCSeq, parseNameAddr, randomToken } from "./message.mjs";
import { bindingsOf } from "./registrar.mjs";

const declined = new Set([480, 486, 600, 603]);

/**
 * Rings `user`'s most recent binding (several tabs: the newest registered one; no forking).
 * Throws at once when `user` has no binding; otherwise returns { callId, result }, `result`
 * resolving with { callId, outcome, status } once the call is answered or has failed to be.
 */
export function callRep(core, user, opts = {}) {
  const binding = bindingsOf(core, user).at(-1);
  if (!binding) throw new Error(`${user} is not registered`);
  const conn = core.connections.get(binding.connectionId);
  const from = String(opts.from ?? "+15125550100");
  const ringTimeoutMs = opts.ringTimeoutMs ?? core.config.delays.repRingTimeoutMs;
  const callId = `${randomToken(10)}@dialflow-peer`;
  const call = newCallRecord({ id: callId, direction: "inbound", number: user, from });
  const rt = createRuntime(call, conn);
  core.calls.set(callId, rt);
  core.state.calls.push(call);
  const result = ring(
    core,
    rt,
    user,
    from,
    opts.fromName,
    ringTimeoutMs,
    binding,
    opts.extraHeaders,
  );
  return { callId, result };
}

async function ring(core, rt, user, from, fromName, ringTimeoutMs, binding, extraHeaders = []) {
  const { call, conn } = rt;
  const callId = call.id;

  rt.leg = createMediaLeg({
    media: call.media,
    tones: call.tones,
    dtmf: call.dtmf,
    detectHz: core.config.detectHz,
  });
  const offer = await rt.leg.offer();
  if (rt.ended) return { callId, outcome: call.outcome ?? "cancelled", status: null };
  call.sdp.local = offer;
  rt.localTag = randomToken(6);
  rt.dialog = newDialog({
    callId,
    localUri: `sip:${from}@${core.realm}`,
    localTag: rt.localTag,
    remoteUri: `sip:${user}@${core.realm}`,
    remoteTag: null,
    remoteTarget: binding.contact,
  });
  const display = fromName ? `"${String(fromName).replace(/"/g, "")}" ` : "";
  const invite = dialogRequest(core, rt.dialog, "INVITE", {
    contentType: "application/sdp",
    body: offer,
    extra: [["Allow", "INVITE, ACK, CANCEL, BYE, INFO, OPTIONS, REFER, NOTIFY"], ...extraHeaders],
  });
  invite.headers = invite.headers.map(([n, v]) =>
    n === "From" ? [n, `${display}<sip:${from}@${core.realm}>;tag=${rt.localTag}`] : [n, v],
  );
  rt.invite = invite;

  return new Promise((resolve) => {
    const settle = (outcome, status) => {
      call.outcome ??= outcome;
      resolve({ callId, outcome: call.outcome, status });
    };
    const sendCancel = (outcome) => {
      if (rt.finalReceived || rt.cancelling) return;
      rt.cancelling = outcome;
      call.times.cancel = Date.now();
      note(call, "out", "CANCEL");
      // CANCEL copies the INVITE's Request-URI, top Via (same branch), Call-ID, From, To and
      // CSeq number (RFC 3261 9.1).
      const keep = ["via", "from", "to", "call-id", "max-forwards"];
      core.send(conn, {
        method: "CANCEL",
        uri: invite.uri,
        headers: [
          ...invite.headers.filter(([n]) => keep.includes(n.toLowerCase())),
          ["CSeq", `${rt.dialog.localSeq} CANCEL`],
        ],
        body: "",
      });
      // A client that never answers the CANCEL with 487 still ends here.
      rt.timer(4000, () => {
        rt.end({ status: 487, endedBy: "peer", reason: outcome });
        settle(outcome, 487);
      });
    };
    rt.cancel = () => sendCancel("cancelled");
    rt.timer(ringTimeoutMs, () => sendCancel("missed"));

    const branch = /branch=([^;]+)/.exec(header(invite, "Via"))[1];
    core.transactions.set(branch, {
      method: "INVITE",
      onResponse(res) {
        // The CANCEL shares the INVITE's branch, so its response arrives here too.
        if (parseCSeq(header(res, "CSeq"))?.method === "CANCEL") {
          return note(call, "in", `${res.status} ${res.reason} (CANCEL)`);
        }
        note(call, "in", `${res.status} ${res.reason}`);
        if (res.status === 100) call.times.trying ??= Date.now();
        if (res.status === 180) call.times.ringing ??= Date.now();
        if (res.status === 183) call.times.progress ??= Date.now();
        if (res.status > 100 && res.status < 200) call.status = "ringing";
        if (res.status < 200 || rt.finalReceived) return;
        rt.finalReceived = true;
        core.transactions.delete(branch);
        call.finalStatus = res.status;
        if (res.status < 300) return onAnswered(core, rt, res).then(() => settle("answered", 200));
        ackFailure(core, rt, res);
        const outcome =
          res.status === 487 && rt.cancelling
            ? rt.cancelling
            : declined.has(res.status)
              ? "declined"
              : "failed";
        call.outcome = outcome;
        rt.end({ status: res.status, endedBy: rt.cancelling ? "peer" : "client", reason: outcome });
        settle(outcome, res.status);
      },
    });
    note(call, "out", "INVITE");
    call.times.invite = Date.now();
    core.send(conn, invite);
    rt.onEnd.push(() => {
      core.transactions.delete(branch);
      settle(call.outcome ?? "failed", call.finalStatus);
    });
  });
}

async function onAnswered(core, rt, res) {
  const { call } = rt;
  call.times.answered = Date.now();
  call.status = "answered";
  rt.finalSent = true;
  rt.dialog.remoteTag = parseNameAddr(header(res, "To")).params.tag;
  rt.dialog.remoteTarget = parseNameAddr(header(res, "Contact")).uri || rt.dialog.remoteTarget;
  // The ACK of a 2xx is its own transaction: new branch, same CSeq number (RFC 3261 13.2.2.4).
  const ack = dialogRequest(core, rt.dialog, "ACK");
  core.send(rt.conn, ack);
  note(call, "out", "ACK");
  call.times.ack = Date.now();
  call.sdp.remote = res.body;
  try {
    await rt.leg.acceptAnswer(res.body);
  } catch (err) {
    call.mediaError = String(err?.message ?? err);
  }
  rt.leg.play(core.config.toneHz);
  rt.leg.setSending(true);
}

/** The ACK of a non-2xx final response belongs to the INVITE transaction (same branch). */
function ackFailure(core, rt, res) {
  const keep = ["via", "from", "call-id", "max-forwards"];
  core.send(rt.conn, {
    method: "ACK",
    uri: rt.invite.uri,
    headers: [
      ...rt.invite.headers.filter(([n]) => keep.includes(n.toLowerCase())),
      ["To", header(res, "To")],
      ["CSeq", `${rt.dialog.localSeq} ACK`],
    ],
    body: "",
  });
  note(rt.call, "out", "ACK");
}
