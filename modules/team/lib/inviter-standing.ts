import "server-only";
import { recordAudit } from "@/lib/audit";
import { can, type MemberRole } from "@/lib/auth/permissions";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// An invitation grants what its sender may grant at the moment it is accepted, never what they
// could when they sent it (docs/security.md, "What a person created"): a manager must still be an
// active manager of the team, an operator still an active operator. Their demotion or
// deactivation also revokes what they left pending, so the team's list says so at once.

export type Inviter = { userId: string } | { operatorId: string };

type Sender = {
  organizationId: string;
  role: MemberRole;
  invitedByUserId: string | null;
  invitedByOperatorId: string | null;
};

/**
 * Whether the sender may still grant the invitation's role. The sender's row is read FOR SHARE:
 * a demotion or deactivation running at the same moment waits for this transaction, and then
 * finds the invitation accepted (or this one waits for it, and is refused).
 */
export async function senderMayStillGrant(tx: Prisma.TransactionClient, invitation: Sender) {
  if (invitation.invitedByUserId) {
    const [sender] = await tx.$queryRaw<{ role: MemberRole; ok: boolean }[]>`
      SELECT "role"::text AS "role",
        ("disabled" = false AND "organizationId" = ${invitation.organizationId}::uuid) AS "ok"
      FROM "User" WHERE "id" = ${invitation.invitedByUserId}::uuid FOR SHARE`;
    return !!sender?.ok && can(sender.role, "team.manage");
  }
  if (invitation.invitedByOperatorId) {
    const [sender] = await tx.$queryRaw<{ disabled: boolean }[]>`
      SELECT "disabled" FROM "Operator"
      WHERE "id" = ${invitation.invitedByOperatorId}::uuid FOR SHARE`;
    return sender?.disabled === false;
  }
  // Sent before senders were recorded, by someone no longer found: nobody vouches for it.
  return false;
}

/**
 * Revokes the pending invitations a member (or operator) sent, inside the transaction that
 * demotes or deactivates them; returns their addresses for the audit written after the commit.
 */
export async function revokeInvitationsSentBy(tx: Prisma.TransactionClient, sender: Inviter) {
  const column = Prisma.raw("userId" in sender ? '"invitedByUserId"' : '"invitedByOperatorId"');
  const id = "userId" in sender ? sender.userId : sender.operatorId;
  const rows = await tx.$queryRaw<{ email: string; organizationId: string }[]>`
    UPDATE "Invitation" SET "revokedAt" = ${new Date()}
    WHERE ${column} = ${id}::uuid AND "acceptedAt" IS NULL AND "revokedAt" IS NULL
    RETURNING "email", "organizationId"`;
  return rows;
}

/** One audit event per revoked invitation, naming why. */
export async function auditRevokedInvitations(
  db: Db,
  by: { actor: string; clientIp?: string | null },
  revoked: { email: string; organizationId: string }[],
  reason: "sender_demoted" | "sender_deactivated",
) {
  for (const { email, organizationId } of revoked) {
    await recordAudit(
      {
        actor: by.actor,
        action: "team.invite.revoke",
        target: email,
        outcome: "success",
        clientIp: by.clientIp ?? null,
        detail: { organizationId, reason },
        fold: false,
      },
      db,
    );
  }
}
