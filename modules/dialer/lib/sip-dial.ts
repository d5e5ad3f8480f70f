import { Inviter, UserAgent } from "sip.js";
import { dialRefusalOfCode } from "@/modules/calls/lib/dial-string";
import type { SipCalls } from "@/modules/dialer/lib/sip-call";
import type { Microphone } from "@/modules/dialer/lib/sip-media";
import { sipOutcome, type SipCallEnd } from "@/modules/dialer/lib/sip-outcome";
import type { SipRegistration } from "@/modules/dialer/lib/sip-registration";
import type { SipAuthorization, SipShared } from "@/modules/dialer/lib/sip-shared";
import type { DialContext } from "@/modules/dialer/lib/types";

// An outbound call of the SIP softphone: wait for a connecting line, ask the server to authorise
// the call, then send the INVITE with the authorisation the edge checks.

/** A call clicked while the line is still connecting waits this long for it. */
export const LINE_WAIT_MS = 8000;

/** Header the edge checks (modules/telephony/lib/call-authorization.ts documents the token). */
export const CALL_AUTHORIZATION_HEADER = "X-DialFlow-Authorization";
/**
 * The caller ID the server chose, as RFC 3325 asserts an identity within a trust domain. The
 * edge must not take it on trust from a browser: it keeps it only when it equals the
 * authorisation's signed callerId claim, and otherwise replaces it with that claim (README).
 */
export const CALLER_ID_HEADER = "P-Asserted-Identity";

/** The INVITE's headers for a call the server authorised. */
export function authorizedCallHeaders(authorization: SipAuthorization, sipDomain: string) {
  const headers = [`${CALL_AUTHORIZATION_HEADER}: ${authorization.authorization}`];
  // E.164 in a SIP URI with user=phone (RFC 3261 19.1.1), the form trunks expect.
  if (authorization.callerId && /^\+[1-9]\d{1,14}$/.test(authorization.callerId)) {
    headers.push(`${CALLER_ID_HEADER}: <sip:${authorization.callerId}@${sipDomain};user=phone>`);
  }
  return headers;
}

export async function placeCall(
  shared: SipShared,
  registration: SipRegistration,
  calls: SipCalls,
  microphone: Microphone,
  number: string,
  context: DialContext | null,
) {
  const { emit, notice, options } = shared;
  const { state } = calls;
  const placeId = context?.placeId ?? null;
  const ticket = { cancelled: false };
  state.pendingDial = ticket;
  const failed = (end: SipCallEnd) => {
    if (state.pendingDial === ticket) state.pendingDial = null;
    if (ticket.cancelled) return;
    const described = sipOutcome(end);
    emit({
      type: "ended",
      reason: "failed",
      outcome: described.outcome,
      sipStatus: described.sipStatus,
    });
  };
  if (registration.line.state === "connecting") {
    // Clicked while the line is still connecting (the page just opened, a reconnect): wait a
    // few seconds for it, with the wait shown, rather than fail at once.
    emit({ type: "waiting-line", waiting: true });
    await registration.waitForLine(LINE_WAIT_MS);
    emit({ type: "waiting-line", waiting: false });
    if (ticket.cancelled) return;
  }
  if (!registration.ua || registration.line.state !== "registered") {
    notice("call-refused", "line-offline");
    failed({ kind: "transport-error" });
    return;
  }
  let authorization: SipAuthorization;
  microphone.openEarly();
  try {
    authorization = await options.authorize(number, placeId, context?.powerDial);
  } catch (error) {
    microphone.release();
    const refusal = dialRefusalOfCode((error as { code?: string } | null)?.code);
    if (refusal) notice("dial-refused", refusal);
    else notice("call-refused", error instanceof Error ? error.message : undefined);
    failed({ kind: "transport-error" });
    return;
  }
  const ua = registration.ua;
  const target = UserAgent.makeURI(`sip:${authorization.number}@${options.line.sipDomain}`);
  if (ticket.cancelled || !ua || !target) microphone.release();
  if (ticket.cancelled || !ua) return failed({ kind: "local-end", answered: false });
  state.pendingDial = null;
  if (!target) return failed({ kind: "final", status: 484 });
  const inviter = new Inviter(ua, target, {
    extraHeaders: authorizedCallHeaders(authorization, options.line.sipDomain),
    earlyMedia: true,
    sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
  });
  const current = calls.track(inviter, "outbound");
  state.call = current;
  let rang = false;
  let sent = false;
  // The call is a dial once its INVITE is out: an answer to it proves that much too.
  const placed = () => {
    if (sent || current.finished) return;
    sent = true;
    emit({ type: "placed" });
  };
  try {
    await inviter.invite({
      requestDelegate: {
        onTrying: placed,
        onAccept: placed,
        onProgress: (response) => {
          placed();
          const status = response.message.statusCode ?? 0;
          if ((status === 180 || status === 183) && !rang) {
            rang = true;
            emit({ type: "ringing" });
          }
          // 183 with SDP: announcements and ringback from the far end are heard.
          if (status === 183) calls.playRemote(inviter);
        },
        onReject: (response) => {
          placed();
          current.end ??= {
            kind: "final",
            status: response.message.statusCode ?? 0,
            reason: response.message.reasonPhrase,
          };
        },
      },
    });
    placed();
  } catch {
    // No microphone, or the request could not be sent: the session terminates (or never
    // started); either way the call is over.
    microphone.release();
    current.end ??= { kind: "transport-error" };
    setTimeout(() => calls.finish(current), 0);
  }
}
