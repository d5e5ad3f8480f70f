// A call the client places to another registered user (a rep consulting a teammate before a
// warm transfer), as an edge that anchors media does it: the peer answers the caller's INVITE
// itself, rings the user's browser (uac.mjs) with the caller as From and the INVITE's
// X-DialFlow-* headers, answers the caller once the user answers (or passes the user's failure
// on), and bridges the two legs' audio both ways. Either side hanging up ends the other, unless
// a REFER with Replaces (refer.mjs) handed the user's leg to another call first.
import { createMediaLeg, bridgeLegs } from "./media.mjs";
import { callRep } from "./uac.mjs";
import { finish, hangup, respond, sendOk } from "./uas.mjs";

export async function callUser(core, rt, user) {
  const { call } = rt;
  call.behaviour = "user";
  respond(core, rt, 100);
  call.status = "trying";
  if (!rt.invite.body) return finish(core, rt, 488, "INVITE without SDP");
  rt.leg = createMediaLeg({
    media: call.media,
    tones: call.tones,
    dtmf: call.dtmf,
    detectHz: core.config.detectHz,
  });
  let answerSdp;
  try {
    answerSdp = await rt.leg.answer(rt.invite.body);
  } catch (err) {
    call.mediaError = String(err?.message ?? err);
    return finish(core, rt, 488, "media negotiation failed");
  }
  call.sdp = { remote: rt.invite.body, local: answerSdp };
  if (rt.ended) return;
  respond(core, rt, 180);
  call.status = "ringing";
  const carried = rt.invite.headers.filter(([n]) => /^x-dialflow-(?!authorization)/i.test(n));
  const { callId, result } = callRep(core, user, { from: call.from, extraHeaders: carried });
  const other = core.calls.get(callId);
  call.consult = { user, callId };
  other.call.consultOf = call.id;
  // The caller gave up before the user answered: stop ringing them.
  rt.onEnd.push(() => {
    if (!other.handedOver) void hangup(core, other, "caller ended");
  });
  const { status } = await result;
  if (rt.ended) return;
  if (status !== 200) return finish(core, rt, status ?? 480);
  sendOk(core, rt, rt.invite, answerSdp);
  call.status = "answered";
  rt.leg.setSending(true);
  bridgeLegs(rt.leg, other.leg);
  other.onEnd.push(() => {
    if (!other.handedOver) void hangup(core, rt, "user ended");
  });
}
