// Call transfer as an edge does it (RFC 3515 REFER, RFC 5589 transfer): inside a call the
// client placed or answered, REFER asks the far end (the business, played by the peer) to call
// the Refer-To target. The peer answers 202, reports the new call's progress in NOTIFYs with
// message/sipfrag bodies (100 Trying, then the final status), and the business's audio moves to
// the new call: a registered user (a teammate's browser) is rung with the business's number as
// caller and the headers the Refer-To URI carries (RFC 3261 19.1.1), and plays and listens there.
// A target that is a number goes through the dialed-number behaviours (its final status only,
// no media) and must carry the server's authorisation like any INVITE. config.refuseRefer makes
// the peer answer 501, as edges that do not implement REFER do.
//
// Attended transfer (RFC 5589 section 7): the Refer-To carries Replaces (RFC 3891) naming the
// client's consultation dialog with the peer (consult.mjs). Matched as its recipient matches it
// (to-tag against the peer's tag, from-tag against the client's), the peer, as an edge that
// anchors media does, connects the business to the other side of that dialog (the teammate's
// browser keeps its call and now hears the business) and ends the replaced dialog with BYE; a
// Replaces that names no confirmed dialog of the peer's fails with 481, as RFC 3891 says.
import { dialogRequest, note, outcomeOf, sendRequest } from "./calls.mjs";
import { resolveBehaviour } from "./behaviours.mjs";
import { unbridgeLegs } from "./media.mjs";
import { header, parseNameAddr, parseUri } from "./message.mjs";
import { bindingsOf } from "./registrar.mjs";
import { callRep } from "./uac.mjs";
import { hangup, reply } from "./uas.mjs";

/** `sip:u@h?A=1&B=x%20y` -> the headers embedded in the URI, names lower-cased. */
export function embeddedHeaders(uri) {
  const query = String(uri).split("?")[1] ?? "";
  return query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name, value = ""] = pair.split("=");
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

export async function onRefer(core, conn, req) {
  const rt = core.calls.get(header(req, "Call-ID"));
  if (!rt || rt.ended || !rt.dialog) return reply(core, conn, req, 481);
  const { call } = rt;
  note(call, "in", "REFER");
  if (core.config.refuseRefer) {
    call.transfers.push({ at: Date.now(), target: null, status: 501 });
    return reply(core, conn, req, 501, { reason: "Not Implemented" });
  }
  const referTo = parseNameAddr(header(req, "Refer-To") ?? "").uri;
  const target = parseUri(referTo);
  if (!target?.user) return reply(core, conn, req, 400, { reason: "Bad Refer-To" });
  const carried = embeddedHeaders(referTo);
  const transfer = {
    at: Date.now(),
    target: target.user,
    headers: Object.fromEntries(carried.map(([n, v]) => [n.toLowerCase(), v])),
    replaces: null,
    status: null,
    callId: null,
  };
  call.transfers.push(transfer);
  reply(core, conn, req, 202, { reason: "Accepted", toTag: rt.localTag });
  note(call, "out", "202 Accepted (REFER)");
  await notify(core, rt, "SIP/2.0 100 Trying", "active;expires=60");

  const replaces = carried.find(([n]) => n.toLowerCase() === "replaces")?.[1];
  const finalStatus = replaces
    ? await replaceDialog(core, rt, replaces, transfer)
    : bindingsOf(core, target.user).length
      ? await ringUser(core, rt, target.user, transfer, carried)
      : await dialNumber(core, rt, target.user, transfer);
  transfer.status = finalStatus;
  const line = finalStatus === 200 ? "SIP/2.0 200 OK" : `SIP/2.0 ${finalStatus} Transfer failed`;
  await notify(core, rt, line, "terminated;reason=noresource");
}

/** `callid;to-tag=a;from-tag=b;early-only` (RFC 3891 6.1) -> its parts, or null. */
export function parseReplaces(value) {
  const [callId, ...params] = String(value ?? "").split(";");
  if (!callId?.trim()) return null;
  const named = Object.fromEntries(
    params.map((p) => p.split("=")).map(([n, v = ""]) => [n.trim().toLowerCase(), v.trim()]),
  );
  if (!named["to-tag"] || !named["from-tag"]) return null;
  return {
    callId: callId.trim(),
    toTag: named["to-tag"],
    fromTag: named["from-tag"],
    earlyOnly: "early-only" in named,
  };
}

/** The business takes the place of the client in its consultation call (see the top). */
async function replaceDialog(core, rt, value, transfer) {
  const replaces = parseReplaces(value);
  transfer.replaces = replaces;
  const consult = replaces && core.calls.get(replaces.callId);
  const matches =
    consult &&
    !consult.ended &&
    consult !== rt &&
    consult.call.direction === "outbound" &&
    consult.localTag === replaces.toTag &&
    consult.dialog?.remoteTag === replaces.fromTag &&
    consult.call.times.answered;
  if (!matches) return 481;
  const user = consult.call.consult ? core.calls.get(consult.call.consult.callId) : null;
  if (user && !user.ended) {
    user.handedOver = true;
    unbridgeLegs(consult.leg, user.leg);
    // The user's leg now carries the business: its tone out, the user's audio in.
    user.call.transferOf = rt.call.id;
    transfer.callId = user.call.id;
  }
  transfer.replaced = consult.call.id;
  await hangup(core, consult, "replaced");
  return 200;
}

/** A teammate's browser: the business rings it, and talks there once it answers. */
async function ringUser(core, rt, user, transfer, carried) {
  const name = transfer.headers["x-dialflow-caller-name"] ?? null;
  const { callId, result } = callRep(core, user, {
    from: rt.call.direction === "outbound" ? rt.call.number : rt.call.from,
    fromName: name,
    extraHeaders: carried.filter(([n]) => /^x-dialflow-/i.test(n)),
  });
  transfer.callId = callId;
  const record = core.calls.get(callId)?.call;
  if (record) record.transferOf = rt.call.id;
  const { status } = await result;
  return status ?? 480;
}

/** A number: authorised like any call, then answered or refused as its behaviour says. */
async function dialNumber(core, rt, number, transfer) {
  if (typeof core.requireAuthorization === "function") {
    const value = transfer.headers["x-dialflow-authorization"] ?? null;
    let accepted = false;
    try {
      accepted = Boolean(
        await core.requireAuthorization(value, number, rt.call.authUser ?? "", {}),
      );
    } catch (err) {
      transfer.authorizationError = String(err?.message ?? err);
    }
    transfer.authorization = { header: value, accepted };
    if (!accepted) return 403;
  }
  const { spec } = resolveBehaviour(number, core.config.numbers, core.config.defaultBehaviour);
  transfer.outcome = spec.action === "answer" ? "answered" : outcomeOf(spec.status);
  return spec.action === "answer" ? 200 : spec.status;
}

async function notify(core, rt, sipfrag, state) {
  if (rt.ended) return;
  const msg = dialogRequest(core, rt.dialog, "NOTIFY", {
    contentType: "message/sipfrag;version=2.0",
    body: `${sipfrag}\r\n`,
    extra: [
      ["Event", "refer"],
      ["Subscription-State", state],
    ],
  });
  note(rt.call, "out", `NOTIFY ${sipfrag}`);
  await sendRequest(core, rt.conn, msg, { timeoutMs: 2000 });
}
