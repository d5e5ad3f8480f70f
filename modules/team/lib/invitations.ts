import "server-only";
import { usernameKey } from "@/lib/accounts/username";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { hashPassword, passwordSchema } from "@/lib/auth/password";
import { newSession } from "@/lib/auth/sessions";
import { getDb, type Db } from "@/lib/db/client";
import { invitationMail } from "@/lib/email/mail-content";
import { MailRecipientNotAllowedError, sendMail } from "@/lib/email/mailer";
import { hashVerificationToken, newVerificationToken } from "@/lib/email/tokens";
import { hitRateLimit } from "@/lib/api/rate-limit";
import { appUrl, env } from "@/lib/env";
import type { MemberRole } from "@/lib/auth/permissions";
import { senderMayStillGrant, type Inviter } from "./inviter-standing";
import type { TeamActor } from "./members";
import { INVITATION_DAYS, type Invitation } from "./invitation-schemas";

// Invitations by email: a manager invites an address with a role; the mail's link
// (single use, INVITATION_DAYS long) lets the invitee choose a username and password and lands
// them signed in, a member of the manager's organization. Only the token's hash is stored;
// resending replaces it (the old link stops working), revoking ends it. Every lookup is inside
// the manager's organization.

type Row = {
  id: string;
  email: string;
  role: MemberRole;
  invitedBy: string;
  sentAt: Date;
  expiresAt: Date;
};

function dto(row: Row, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.expiresAt > now ? "pending" : "expired",
  };
}

const notFound = () =>
  new ApiError("not_found", "No such invitation on your team", { code: "invitation_not_found" });
export const invalidInvitation = () =>
  new ApiError("bad_request", "Invalid or expired invitation link", { code: "invitation_invalid" });

export function invitationLink(token: string) {
  const url = new URL("/invite", appUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

async function mailInvitation(
  db: Db,
  organizationId: string,
  to: string,
  by: TeamActor,
  token: string,
  locale: string | undefined,
) {
  const org = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { name: true },
  });
  const link = invitationLink(token);
  const content = invitationMail({
    locale,
    organization: org.name,
    inviter: by.actor,
    link,
    days: INVITATION_DAYS,
  });
  try {
    await sendMail({ ...content, to, link, purpose: "invitation" });
  } catch (err) {
    if (err instanceof MailRecipientNotAllowedError) {
      throw new ApiError("bad_request", err.message, { code: "mail_recipient_not_allowed" });
    }
    throw new ApiError("bad_gateway", "The invitation could not be mailed", {
      code: "mail_failed",
    });
  }
}

/**
 * Every invitation mail (new or resent) counts against the organization's day, and a resend
 * against its invitation's: a manager's account cannot be used to mail-bomb an address or the
 * world. Checked before anything is written or sent.
 */
async function spendInvitationMail(organizationId: string, invitationId?: string) {
  const day = 86_400;
  const verdicts = [
    await hitRateLimit(
      { name: "invitation-mail", max: env.INVITATION_DAILY_CAP, windowSeconds: day },
      organizationId,
    ),
    ...(invitationId
      ? [
          await hitRateLimit(
            { name: "invitation-resend", max: RESENDS_PER_DAY, windowSeconds: day },
            invitationId,
          ),
        ]
      : []),
  ];
  const refused = verdicts.find((v) => !v.allowed);
  if (refused && !refused.allowed) {
    throw new ApiError("rate_limited", "Daily invitation limit reached", {
      code: "invitation_daily_cap",
      headers: { "Retry-After": String(refused.retryAfterSeconds) },
    });
  }
}
/** Resends of one invitation per day: enough for a lost mail, too few to flood an inbox. */
export const RESENDS_PER_DAY = 5;

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 86_400_000);

/** The team's invitations neither accepted nor revoked, newest first (expired ones say so). */
export async function listInvitations(organizationId: string) {
  const db = await getDb();
  const rows = await db.invitation.findMany({
    where: { organizationId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const now = new Date();
  return rows.map((r) => dto(r, now));
}

export async function createInvitation(
  by: TeamActor & { sender: Inviter },
  input: { email: string; role: MemberRole },
  locale?: string,
) {
  const db = await getDb();
  const email = input.email.trim();
  const pending = await db.invitation.findFirst({
    where: {
      organizationId: by.organizationId,
      email: { equals: email, mode: "insensitive" },
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: new Date() },
    },
    select: { id: true },
  });
  if (pending) {
    throw new ApiError("conflict", "This address already has a pending invitation: resend it", {
      code: "invitation_pending",
    });
  }
  await spendInvitationMail(by.organizationId);
  const { token, tokenHash } = newVerificationToken();
  const now = new Date();
  const row = await db.invitation.create({
    data: {
      organizationId: by.organizationId,
      email,
      role: input.role,
      tokenHash,
      invitedBy: by.actor,
      ...("userId" in by.sender
        ? { invitedByUserId: by.sender.userId }
        : { invitedByOperatorId: by.sender.operatorId }),
      sentAt: now,
      expiresAt: expiry(now),
    },
  });
  try {
    await mailInvitation(db, by.organizationId, email, by, token, locale);
  } catch (err) {
    // Nothing was sent: no pending invitation is left behind.
    await db.invitation.delete({ where: { id: row.id } });
    throw err;
  }
  await audit(db, by, "team.invite", email, { role: input.role });
  return dto(row);
}

/** A new link (the old one stops working) and a new expiry, mailed again. */
export async function resendInvitation(by: TeamActor, id: string, locale?: string) {
  const db = await getDb();
  const found = await db.invitation.findFirst({
    where: { id, organizationId: by.organizationId, acceptedAt: null, revokedAt: null },
    select: { id: true },
  });
  if (!found) throw notFound();
  await spendInvitationMail(by.organizationId, id);
  const { token, tokenHash } = newVerificationToken();
  const now = new Date();
  const { count } = await db.invitation.updateMany({
    where: { id, organizationId: by.organizationId, acceptedAt: null, revokedAt: null },
    data: { tokenHash, sentAt: now, expiresAt: expiry(now) },
  });
  if (!count) throw notFound();
  const row = await db.invitation.findUniqueOrThrow({ where: { id } });
  await mailInvitation(db, by.organizationId, row.email, by, token, locale);
  await audit(db, by, "team.invite.resend", row.email, {});
  return dto(row);
}

export async function revokeInvitation(by: TeamActor, id: string) {
  const db = await getDb();
  const { count } = await db.invitation.updateMany({
    where: { id, organizationId: by.organizationId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (!count) throw notFound();
  const row = await db.invitation.findUniqueOrThrow({ where: { id }, select: { email: true } });
  await audit(db, by, "team.invite.revoke", row.email, {});
}

/**
 * The invitee accepts: the link is claimed by one guarded update (used, revoked, expired or
 * replaced links are refused alike), the account is created in the inviting organization with
 * the invited role and address (verified: the link reached it), and a session opens, all in one
 * transaction, so a taken username leaves the link usable.
 */
export async function acceptInvitation(
  input: { token: string; username: string; password: string },
  ip: string | null,
) {
  const password = passwordSchema.parse(input.password);
  const db = await getDb();
  const tokenHash = hashVerificationToken(input.token);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const result = await db
    .$transaction(async (tx) => {
      const invitation = await tx.invitation.findUnique({ where: { tokenHash } });
      // The sender's standing now, not when they sent it: a link of a demoted or deactivated
      // manager is revoked here, as their demotion would have (a race it lost).
      if (invitation && !(await senderMayStillGrant(tx, invitation))) {
        await tx.invitation.updateMany({
          where: { id: invitation.id, acceptedAt: null, revokedAt: null },
          data: { revokedAt: now },
        });
        return { refused: invitation.email, reason: "sender_lacks_standing" } as const;
      }
      const claimed = await tx.invitation.updateMany({
        where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now },
      });
      if (!invitation || claimed.count === 0) {
        return { refused: invitation ? invitation.email : null, reason: null } as const;
      }
      // "Manager" beside "manager" would be two accounts one person could be taken for.
      const key = usernameKey(input.username);
      if (await tx.user.findUnique({ where: { usernameKey: key }, select: { id: true } })) {
        throw new ApiError("conflict", "That username is already taken", {
          code: "username_taken",
        });
      }
      const user = await tx.user.create({
        data: {
          username: input.username,
          usernameKey: key,
          passwordHash,
          email: invitation.email,
          emailVerified: true,
          organizationId: invitation.organizationId,
          role: invitation.role,
        },
      });
      await tx.invitation.update({
        where: { id: invitation.id },
        data: { acceptedUserId: user.id },
      });
      const session = await newSession("user", user.id, ip);
      await tx.$executeRaw(session.insert);
      return { user, invitation, session } as const;
    })
    .catch((err: unknown) => {
      // Two invitees racing for one username: the second insert fails, its link stays usable.
      if ((err as { code?: string }).code === "P2002") {
        throw new ApiError("conflict", "That username is already taken", {
          code: "username_taken",
        });
      }
      throw err;
    });
  if ("refused" in result) {
    await recordAudit({
      actor: "anonymous",
      action: "team.invite.accept",
      target: result.refused,
      outcome: "denied",
      clientIp: ip,
      ...(result.reason ? { detail: { reason: result.reason } } : {}),
    });
    throw invalidInvitation();
  }
  await recordAudit({
    actor: result.user.username,
    action: "team.invite.accept",
    target: result.invitation.email,
    outcome: "success",
    clientIp: ip,
    detail: { organizationId: result.invitation.organizationId, role: result.invitation.role },
  });
  return {
    token: result.session.token,
    expiresAt: result.session.expiresAt,
    username: result.user.username,
  };
}

function audit(
  db: Db,
  by: TeamActor,
  action: string,
  email: string,
  detail: Record<string, string>,
) {
  return recordAudit(
    {
      actor: by.actor,
      action,
      target: email,
      outcome: "success",
      clientIp: by.clientIp ?? null,
      detail: { organizationId: by.organizationId, ...detail },
      fold: false,
    },
    db,
  );
}
