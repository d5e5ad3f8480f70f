import { UserAgent, type URI } from "sip.js";
import { dialRefusalOfCode } from "@/modules/calls/lib/dial-string";
import type { Call, SipCalls } from "@/modules/dialer/lib/sip-call";
import { CALL_AUTHORIZATION_HEADER } from "@/modules/dialer/lib/sip-dial";
import {
  CALLER_NAME_HEADER,
  TRANSFER_OF_HEADER,
  type SipAuthorization,
  type SipShared,
} from "@/modules/dialer/lib/sip-shared";
import type { TransferDetails } from "@/modules/dialer/lib/transport";
import type { TransferTarget } from "@/modules/dialer/lib/types";

// Blind transfer of the connected call (RFC 3515 REFER, RFC 5589 section 6): the far end (the
// business, through the edge) is asked to call the target; the edge reports the new call's
// progress in NOTIFYs whose message/sipfrag body is its status line, and on a 2xx the rep's leg
// ends. The Refer-To URI carries headers (RFC 3261 19.1.1) the edge copies into the new INVITE:
// the call it came from and the business's name (the teammate's browser shows and records
// them), and the server's authorisation: for a number as for any call, for a teammate one that
// names the teammate's SIP user (POST /api/telephony/authorize-transfer), which the team's edge
// checks before it lets the carrier call the teammate back through it (edge/README.md).
//
// An edge that refuses REFER (501, 405, 403) leaves the call as it was, and the rep is told so.
// Bridging the two calls in the browser instead would keep the rep's tab, microphone path and
// upload in the middle of a call they have left, for as long as it lasts: a transfer that is
// not one. Teams whose edge lacks REFER transfer on their PBX.

/** A dialog as SIP.js keeps it: its Call-ID, our tag and the far end's. */
export type DialogIds = { callId: string; localTag: string; remoteTag: string };

/**
 * The Replaces header value (RFC 3891) that names the rep's consultation dialog to its far end,
 * which matches it as tags of an incoming request: to-tag is its own tag (our remote tag),
 * from-tag ours (RFC 5589 section 7.1 gives the same example).
 */
export function replacesValue(dialog: DialogIds): string {
  return `${dialog.callId};to-tag=${dialog.remoteTag};from-tag=${dialog.localTag}`;
}

/**
 * `sip:user@domain?Name=value&...`: headers the Refer-To carries into the new INVITE, each name
 * and value escaped (RFC 3261 19.1.1; a Replaces value's `;`, `=` and the Call-ID's `@` too).
 */
export function referToUri(user: string, domain: string, headers: [string, string][]): string {
  const query = headers.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join("&");
  return `sip:${user}@${domain}${query ? `?${query}` : ""}`;
}

/** The status code of a NOTIFY's message/sipfrag body ("SIP/2.0 200 OK"), or null. */
export function sipfragStatus(body: string | undefined): number | null {
  const match = /^SIP\/2\.0\s+(\d{3})/.exec((body ?? "").trim());
  return match ? Number(match[1]) : null;
}

/**
 * Who a transfer or a consultation reaches: a teammate's user, or a number with the server's
 * authorisation, as for any call. For a teammate, when the line asks for one
 * (`options.authorizeTransfer`), the server's authorisation too: of the transfer (`purpose`
 * "transfer": a blind transfer's REFER, or a warm transfer's join), or of the consultation call
 * ("consult": its INVITE). Null when the server refused it (the rep was told why).
 */
export async function resolveTarget(
  shared: SipShared,
  target: TransferTarget,
  purpose: "transfer" | "consult" = "consult",
): Promise<{
  user: string;
  authorization: SipAuthorization | null;
  transferAuthorization?: string;
} | null> {
  try {
    if (target.kind === "teammate") {
      const authorizeTransfer = shared.options.authorizeTransfer;
      if (!authorizeTransfer) return { user: target.userId, authorization: null };
      const granted = await authorizeTransfer(target.userId, purpose);
      return {
        user: granted.user,
        authorization: null,
        transferAuthorization: granted.authorization,
      };
    }
    const authorization = await shared.options.authorize(target.number, null);
    return { user: authorization.number, authorization };
  } catch (error) {
    const refusal = dialRefusalOfCode((error as { code?: string } | null)?.code);
    if (refusal) shared.notice("dial-refused", refusal);
    else shared.notice("call-refused", error instanceof Error ? error.message : undefined);
    return null;
  }
}

export async function transferCall(
  shared: SipShared,
  calls: SipCalls,
  target: TransferTarget,
  details: TransferDetails,
) {
  const { notice, options } = shared;
  const current = calls.connected();
  if (!current) return;
  const headers: [string, string][] = [[TRANSFER_OF_HEADER, details.callId]];
  const name = details.businessName?.trim().slice(0, 200);
  if (name) headers.push([CALLER_NAME_HEADER, name]);
  const reached = await resolveTarget(shared, target, "transfer");
  if (!reached) return;
  const user = reached.user;
  if (reached.authorization) {
    headers.push([CALL_AUTHORIZATION_HEADER, reached.authorization.authorization]);
  }
  if (reached.transferAuthorization) {
    headers.push([CALL_AUTHORIZATION_HEADER, reached.transferAuthorization]);
  }
  if (calls.connected() !== current) return;
  const referTo = UserAgent.makeURI(referToUri(user, options.line.sipDomain, headers));
  if (!referTo) return notice("transfer-failed");
  await referAndFollow(shared, calls, current, referTo, target);
}

/**
 * Sends the REFER on `current` and follows its NOTIFYs: a 2xx sipfrag ends the rep's leg (the
 * transfer is done), a failure or a refused REFER leaves the call here and the rep is told.
 * Resolves true once the transfer is done, false once it failed.
 */
export function referAndFollow(
  shared: SipShared,
  calls: SipCalls,
  current: Call,
  referTo: URI,
  target: TransferTarget,
): Promise<boolean> {
  const { emit, notice } = shared;
  return new Promise((resolve) => {
    let settled = false;
    const failed = (status: number | null) => {
      if (settled) return;
      settled = true;
      const refused = status === 501 || status === 405 || status === 403;
      notice(refused ? "transfer-refused" : "transfer-failed", status ? String(status) : undefined);
      emit({ type: "transfer", state: "failed" });
      resolve(false);
    };
    emit({ type: "transfer", state: "trying" });
    current.session
      .refer(referTo, {
        requestDelegate: { onReject: (response) => failed(response.message.statusCode ?? null) },
        onNotify: (notification) => {
          void notification.accept().catch(() => undefined);
          const status = sipfragStatus(notification.request.body);
          if (status === null || status < 200 || settled) return;
          if (status >= 300) return failed(status);
          settled = true;
          emit({ type: "transfer", state: "done", target, at: Date.now() });
          // RFC 5589: the transferor's part is over once the target answered.
          current.end ??= { kind: "local-end", answered: true };
          void current.session.bye().catch(() => undefined);
          calls.finish(current);
          resolve(true);
        },
      })
      .catch(() => failed(null));
  });
}
