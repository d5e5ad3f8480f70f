import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { dialStringTargets, readDialedNumber } from "@/modules/calls/lib/dialed-number";
import { countryOf } from "@/modules/calls/lib/phone";
import { getDb } from "@/lib/db/client";
import { doNotCallRefusal, onDncList } from "@/modules/do-not-call/lib/do-not-call";
import { signCallAuthorization } from "./call-authorization";
import { assertInCallingWindow } from "./calling-window-check";
import { abandonedRecently } from "@/modules/power-dial/lib/abandonment";
import { abandonedRecentlyError, dialRefusalError } from "./dial-refusal";
import { callerIdPool, homeCallerId, presentedCallerId } from "./caller-ids";
import { notConfigured, readLineSecret } from "./lines";
import type { AuthorizeBody, AuthorizeResponse } from "./schemas";

/**
 * POST /api/telephony/authorize: the server's rules for a real call, before it is placed. The
 * dial string is read by the rules the dialer read it by (modules/calls/lib/dial-string.ts), in
 * the country of the organization's caller ID: a service code (a caller-ID one by name), a string
 * those rules do not describe, or one that rings no number is a 400 with the reason's code; any
 * number it may ring on the team's do-not-call list is the same 403 a call record gets. What passes
 * is signed with the organization's line key: the number (E.164) the browser dials, the caller
 * ID the edge presents, the rep, the organization, about 60 s of life. The caller ID is the
 * organization's number closest to the one dialed (modules/telephony/lib/caller-id-match.ts),
 * chosen here and nowhere else: the browser only repeats it in P-Asserted-Identity, and an edge
 * that trusts the signed claim over that header presents nothing the server did not choose.
 *
 * A power-dial session's call is held to the business's calling window (./calling-window-check.ts)
 * unless the rep started the session with closed businesses included; a call dialed by hand is
 * not (a rep may call outside the window on purpose). One of a parallel dial's lines
 * (`powerDial.parallel`) is refused for a number whose call the team abandoned within its
 * noRedialHours (`abandoned_recently`).
 */
export async function authorizeCall(
  session: UserSession,
  body: AuthorizeBody,
  now = new Date(),
): Promise<AuthorizeResponse> {
  const db = await getDb();
  const line = await db.telephonyLine.findUnique({
    where: { organizationId: session.organizationId },
  });
  if (!line) throw notConfigured();
  const pool = await callerIdPool(session.organizationId, db);
  const country = countryOf(homeCallerId(pool));
  // The list first, read as every do-not-call match reads a string: a listed number is refused
  // as listed however it was typed ("*67 512...", "512...9"), which tells the rep more.
  const reachable = dialStringTargets(body.dialedDigits, country);
  const read = readDialedNumber(body.dialedDigits, country);
  const targets = [...new Set([...reachable, ...(read.ok ? read.dialed.targets : [])])];
  const listed = await onDncList(session, targets);
  const refused = targets.find((n) => listed.has(n));
  if (refused) throw doNotCallRefusal(refused);
  if (!read.ok) throw dialRefusalError(read.reason, body.dialedDigits);
  if (body.powerDial && !body.powerDial.includeClosed && body.placeId) {
    await assertInCallingWindow(body.placeId, now);
  }
  // Parallel dialing never rings again, within the team's noRedialHours, a number whose call it
  // abandoned (any number the string may ring, as the do-not-call match reads it).
  if (body.powerDial?.parallel) {
    const abandoned = await abandonedRecently(session.organizationId, targets, now);
    if (abandoned) {
      const until = new Date(abandoned.abandonedAt.getTime() + abandoned.noRedialHours * 3600_000);
      throw abandonedRecentlyError(abandoned.number, until);
    }
  }
  const { number } = read.dialed;
  const { callerId } = presentedCallerId(pool, number);
  const signed = await signCallAuthorization(
    readLineSecret(line),
    {
      number,
      callerId,
      rep: session.userId,
      org: session.organizationId,
      place: body.placeId ?? null,
    },
    now,
  );
  return {
    authorization: signed.token,
    number,
    callerId,
    expiresAt: signed.expiresAt.toISOString(),
  };
}
