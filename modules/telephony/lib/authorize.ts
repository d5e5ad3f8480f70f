import "server-only";
import type { UserSession } from "@/lib/auth/sessions";
import { dialStringTargets } from "@/modules/calls/lib/dial-string";
import { countryOf } from "@/modules/calls/lib/phone";
import { getDb } from "@/lib/db/client";
import { doNotCallRefusal, invalidNumber, onDncList } from "@/modules/do-not-call/lib/do-not-call";
import { signCallAuthorization } from "./call-authorization";
import { callerIdPool, homeCallerId, presentedCallerId } from "./caller-ids";
import { notConfigured, readLineSecret } from "./lines";
import type { AuthorizeBody, AuthorizeResponse } from "./schemas";

/**
 * POST /api/telephony/authorize: the server's rules for a real call, before it is placed. The
 * dial string is read exactly as a call record reads it (modules/calls/lib/record.ts, createCall): in the
 * country of the organization's caller ID, every number it may ring; one that rings none is a 400,
 * and any of them on the team's do-not-call list is the same 403 a call record gets. What passes
 * is signed with the organization's line key: the number (E.164) the browser dials, the caller
 * ID the edge presents, the rep, the organization, about 60 s of life. The caller ID is the
 * organization's number closest to the one dialed (issue 29, modules/telephony/lib/caller-id-match.ts),
 * chosen here and nowhere else: the browser only repeats it in P-Asserted-Identity, and an edge
 * that trusts the signed claim over that header presents nothing the server did not choose.
 *
 * Calling windows are not checked here: they are the browser's to judge today (the server holds
 * no opening hours, only place ids), and a rep may call outside them on purpose.
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
  const targets = dialStringTargets(body.dialedDigits, countryOf(homeCallerId(pool)));
  const number = targets[0];
  if (!number) throw invalidNumber(body.dialedDigits, "dialedDigits");
  const { callerId } = presentedCallerId(pool, number);
  const listed = await onDncList(session, targets);
  const refused = targets.find((n) => listed.has(n));
  if (refused) throw doNotCallRefusal(refused);
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
