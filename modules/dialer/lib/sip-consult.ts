import { Inviter, SessionState, UserAgent } from "sip.js";
import type { Call, SipCalls } from "@/modules/dialer/lib/sip-call";
import { CALL_AUTHORIZATION_HEADER, authorizedCallHeaders } from "@/modules/dialer/lib/sip-dial";
import type { createRemoteAudio } from "@/modules/dialer/lib/sip-media";
import type { SipRegistration } from "@/modules/dialer/lib/sip-registration";
import {
  CALLER_NAME_HEADER,
  TRANSFER_OF_HEADER,
  type SipShared,
} from "@/modules/dialer/lib/sip-shared";
import {
  referAndFollow,
  referToUri,
  replacesValue,
  resolveTarget,
} from "@/modules/dialer/lib/sip-transfer";
import type { TransferDetails } from "@/modules/dialer/lib/transport";
import type { TransferTarget } from "@/modules/dialer/lib/types";

// Warm (attended) transfer, RFC 5589 section 7: the business is put on hold, the rep calls the
// teammate or the number (a consultation: a call of its own, authorised by the server like any
// call for a number), and then either joins, a REFER to the business whose Refer-To carries
// Replaces (RFC 3891) naming the consultation dialog, so the business takes the rep's place in
// it and the rep's two legs end; or goes back, hanging up the consultation and taking the
// business off hold. The consultation is not the dialer's "one call": it has no record of its
// own (the business's record keeps who took the call over and when, as for a blind transfer),
// and the teammate's browser records it like any transferred call (the same headers).
//
// Through the team's edge (edge/README.md, "Transfer") both steps carry the server's word, when
// the line asks for it (`options.authorizeTransfer`): the consultation INVITE to a teammate its
// "consult" authorisation (X-DialFlow-Authorization, as a number's call), and the join's
// Refer-To a transfer's, with the call it came from (X-DialFlow-Transfer-Of), as a blind
// transfer's. A PBX or the test peer ignores both.

type Consultation = {
  session: Inviter;
  business: Call;
  target: TransferTarget;
  details: TransferDetails;
  answered: boolean;
  over: boolean;
  joining: boolean;
};

export function createSipConsultation(
  shared: SipShared,
  registration: SipRegistration,
  calls: SipCalls,
  remote: ReturnType<typeof createRemoteAudio>,
) {
  const { emit, notice, options } = shared;
  let consultation: Consultation | null = null;

  /** The consultation is over (for whatever reason): the rep hears the business again. */
  const over = (current: Consultation, status: number | null) => {
    if (current.over) return;
    current.over = true;
    if (consultation === current) consultation = null;
    emit({ type: "consult", state: "ended" });
    if (!current.business.finished) remote.play(current.business.session);
    else remote.stop();
    if (!current.answered && !current.joining && status !== null) {
      notice("transfer-failed", String(status));
    }
  };

  const hangUp = (current: Consultation) => {
    const { session } = current;
    if (session.state === SessionState.Established) void session.bye().catch(() => undefined);
    else if (
      session.state === SessionState.Establishing ||
      session.state === SessionState.Initial
    ) {
      void session.cancel().catch(() => undefined);
    }
    over(current, null);
  };

  async function start(target: TransferTarget, details: TransferDetails) {
    const business = calls.connected();
    const ua = registration.ua;
    if (!business || consultation || !ua) return;
    const reached = await resolveTarget(shared, target);
    if (!reached || calls.connected() !== business || consultation) return;
    const headers = [`${TRANSFER_OF_HEADER}: ${details.callId}`];
    const name = details.businessName?.trim().slice(0, 200);
    if (name) headers.push(`${CALLER_NAME_HEADER}: ${name}`);
    if (reached.authorization) {
      headers.push(...authorizedCallHeaders(reached.authorization, options.line.sipDomain));
    }
    if (reached.transferAuthorization) {
      headers.push(`${CALL_AUTHORIZATION_HEADER}: ${reached.transferAuthorization}`);
    }
    const uri = UserAgent.makeURI(referToUri(reached.user, options.line.sipDomain, []));
    if (!uri) return notice("transfer-failed");
    calls.setHeld(true);
    const session = new Inviter(ua, uri, {
      extraHeaders: headers,
      sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
    });
    const current: Consultation = {
      session,
      business,
      target,
      details,
      answered: false,
      over: false,
      joining: false,
    };
    consultation = current;
    let status: number | null = null;
    session.delegate = { onBye: (bye) => void bye.accept() };
    session.stateChange.addListener((state) => {
      if (state === SessionState.Established && !current.over) {
        current.answered = true;
        remote.play(session);
        emit({ type: "consult", state: "connected", target });
      }
      if (state === SessionState.Terminated) over(current, status);
    });
    // The business hanging up ends the consultation: there is nobody left to hand over.
    business.session.stateChange.addListener((state) => {
      if (state === SessionState.Terminated && !current.over && !current.joining) hangUp(current);
    });
    emit({ type: "consult", state: "calling", target });
    try {
      await session.invite({
        requestDelegate: {
          onReject: (response) => {
            status = response.message.statusCode ?? null;
          },
        },
      });
    } catch {
      over(current, null);
    }
  }

  return {
    start,
    /** Join: the business takes the rep's place in the consultation (REFER with Replaces). */
    async join() {
      const current = consultation;
      const dialog = current?.session.dialog;
      if (!current || !current.answered || current.joining || !dialog) return;
      if (calls.connected() !== current.business) return;
      current.joining = true;
      // A teammate's join needs the transfer's own authorisation (the consultation's was spent on
      // its INVITE). A number's asks nothing more: the PBX that takes it matches the Replaces
      // itself, and the reference edge does not pass it on (edge/README.md, "Transfer").
      let token: string | undefined;
      if (current.target.kind === "teammate") {
        const reached = await resolveTarget(shared, current.target, "transfer");
        if (!reached || current.over || calls.connected() !== current.business) {
          current.joining = false;
          return;
        }
        token = reached.transferAuthorization;
      }
      const user = current.session.remoteIdentity.uri.user ?? "";
      const headers: [string, string][] = [[TRANSFER_OF_HEADER, current.details.callId]];
      const name = current.details.businessName?.trim().slice(0, 200);
      if (name) headers.push([CALLER_NAME_HEADER, name]);
      headers.push([
        "Replaces",
        replacesValue({
          callId: dialog.callId,
          localTag: dialog.localTag,
          remoteTag: dialog.remoteTag,
        }),
      ]);
      if (token) headers.push([CALL_AUTHORIZATION_HEADER, token]);
      const referTo = UserAgent.makeURI(referToUri(user, options.line.sipDomain, headers));
      if (!referTo) {
        current.joining = false;
        return notice("transfer-failed");
      }
      const done = await referAndFollow(shared, calls, current.business, referTo, current.target);
      current.joining = false;
      // The edge ends the replaced dialog itself (BYE); a failed join leaves both calls as they
      // were, the business on hold, and the rep may try again or go back.
      if (done && !current.over) hangUp(current);
    },
    /** Go back: hang up the consultation and take the business off hold. */
    goBack() {
      const current = consultation;
      if (!current || current.joining) return;
      hangUp(current);
      if (calls.connected() === current.business) calls.setHeld(false);
    },
    /** The rep hung up everything (the business call ends too). */
    dispose() {
      if (consultation) hangUp(consultation);
    },
    active: () => consultation !== null,
  };
}
