import "server-only";
import { getDb } from "@/lib/db/client";
import { hashVerificationToken } from "@/lib/email/tokens";
import type { MemberRole } from "@/lib/auth/permissions";

/**
 * Which team and role an invitation link is for, so its page can say so before the invitee
 * chooses a username: only for a link that can still be accepted (not used, revoked or
 * expired), and nothing else of the invitation. Whoever holds the link was sent both in its
 * mail; anyone else learns nothing from a guessed token (null, as for a spent one).
 */
export async function invitationPreview(
  token: string,
): Promise<{ team: string; role: MemberRole } | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const row = await db.invitation.findFirst({
    where: {
      tokenHash: hashVerificationToken(token),
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: new Date() },
    },
    select: { role: true, organization: { select: { name: true } } },
  });
  return row ? { team: row.organization.name, role: row.role } : null;
}
