import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { UserSession } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { signTransferAuthorization } from "./call-authorization";
import { notConfigured, readLineSecret } from "./lines";
import type { AuthorizeTransferBody, AuthorizeTransferResponse } from "./schemas";

/**
 * POST /api/telephony/authorize-transfer: the server's word that this rep may hand a call to this
 * teammate. The edge has the carrier call the teammate's browser back through it only with this
 * (edge/README.md, "Transfer"), so the teammate must be an active member of the rep's own
 * organization (another organization's user, a deactivated one or the rep themself is a 404,
 * whatever exists: a rep learns nothing of other teams), and the token names that teammate's SIP
 * user (their user id), the rep and the organization, for about 60 s, used once. With
 * `purpose: "consult"` it authorises the consultation call of a warm transfer (an INVITE to the
 * teammate through the edge) and nothing else; the join that follows asks for a transfer's.
 */
export async function authorizeTransfer(
  session: UserSession,
  body: AuthorizeTransferBody,
  now = new Date(),
): Promise<AuthorizeTransferResponse> {
  const db = await getDb();
  const line = await db.telephonyLine.findUnique({
    where: { organizationId: session.organizationId },
  });
  if (!line) throw notConfigured();
  const teammate = await db.user.findFirst({
    where: { id: body.teammateId, organizationId: session.organizationId, disabled: false },
    select: { id: true },
  });
  if (!teammate || teammate.id === session.userId) {
    throw new ApiError("not_found", "No such teammate", { code: "teammate_not_found" });
  }
  const signed = await signTransferAuthorization(
    readLineSecret(line),
    {
      transferTo: teammate.id,
      rep: session.userId,
      org: session.organizationId,
      purpose: body.purpose ?? "transfer",
    },
    now,
  );
  return {
    authorization: signed.token,
    user: teammate.id,
    expiresAt: signed.expiresAt.toISOString(),
  };
}
