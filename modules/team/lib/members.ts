import "server-only";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { can, type MemberRole } from "@/lib/auth/permissions";
import { revokeAllSessions, type UserSession } from "@/lib/auth/sessions";
import { getDb, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sendAccountNotice } from "@/modules/account-security/lib/notice";
import { clearSecondFactor } from "@/lib/two-factor/reset";
import { auditRevokedInvitations, revokeInvitationsSentBy } from "./inviter-standing";
import type { Member, MemberPatchBody, TeamResponse } from "./schemas";

// A team's members as its managers run it, and the users CLI's `role` command. Every
// lookup is inside the actor's organization: another team's member is "not found", never told.

/** Who acts, in which organization; `actor` is the audit trail's name for them. */
export type TeamActor = { actor: string; organizationId: string; clientIp?: string | null };

const memberSelect = {
  id: true,
  username: true,
  email: true,
  emailVerified: true,
  role: true,
  disabled: true,
  createdAt: true,
  totpEnabledAt: true,
} as const;

type MemberRow = {
  id: string;
  username: string;
  email: string | null;
  emailVerified: boolean;
  role: MemberRole;
  disabled: boolean;
  createdAt: Date;
  totpEnabledAt: Date | null;
};

export function memberDto(row: MemberRow): Member {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.disabled ? "deactivated" : "active",
    createdAt: row.createdAt.toISOString(),
    twoFactor: row.totpEnabledAt !== null,
  };
}

export async function listMembers(db: Db, organizationId: string) {
  const rows = await db.user.findMany({
    where: { organizationId },
    orderBy: [{ disabled: "asc" }, { username: "asc" }],
    select: memberSelect,
  });
  return rows.map(memberDto);
}

/** GET /api/team: the viewer's team, its members and its sign-in rule. */
export async function teamOverview(session: UserSession): Promise<TeamResponse> {
  const db = await getDb();
  const [organization, members] = await Promise.all([
    db.organization.findUniqueOrThrow({
      where: { id: session.organizationId },
      select: { name: true, requireTwoFactor: true },
    }),
    listMembers(db, session.organizationId),
  ]);
  return {
    organization: organization.name,
    viewer: {
      userId: session.userId,
      role: session.role,
      canManage: can(session.role, "team.manage"),
    },
    members,
    requireTwoFactor: organization.requireTwoFactor,
  };
}

const notFound = () =>
  new ApiError("not_found", "No such member on your team", { code: "member_not_found" });
const lastManager = () =>
  new ApiError(
    "conflict",
    "The team's last manager cannot be demoted or deactivated: make another member a manager first",
    { code: "last_manager" },
  );

/**
 * Locks the organization's row, so that two managers demoting each other at once cannot leave
 * the team without one, then reads the member inside it.
 */
async function lockedMember(tx: Prisma.TransactionClient, organizationId: string, userId: string) {
  await tx.$queryRaw`SELECT "id" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR UPDATE`;
  const member = await tx.user.findFirst({
    where: { id: userId, organizationId },
    select: memberSelect,
  });
  if (!member) throw notFound();
  return member;
}

/** Is `member` the only active manager of the team? */
async function isLastManager(
  tx: Prisma.TransactionClient,
  organizationId: string,
  member: MemberRow,
) {
  if (member.role !== "manager" || member.disabled) return false;
  const others = await tx.user.count({
    where: { organizationId, role: "manager", disabled: false, NOT: { id: member.id } },
  });
  return others === 0;
}

export async function setMemberRole(db: Db, by: TeamActor, userId: string, role: MemberRole) {
  const { before, after, revoked } = await db.$transaction(async (tx) => {
    const member = await lockedMember(tx, by.organizationId, userId);
    if (role !== "manager" && (await isLastManager(tx, by.organizationId, member))) {
      throw lastManager();
    }
    const updated = await tx.user.update({
      where: { id: userId },
      data: { role },
      select: memberSelect,
    });
    const revoked = can(role, "team.manage") ? [] : await revokeInvitationsSentBy(tx, { userId });
    return { before: member, after: updated, revoked };
  });
  await auditRevokedInvitations(db, by, revoked, "sender_demoted");
  if (before.role !== after.role) {
    await recordAudit(
      {
        actor: by.actor,
        action: "team.role",
        target: after.username,
        outcome: "success",
        clientIp: by.clientIp ?? null,
        detail: { organizationId: by.organizationId, from: before.role, to: after.role },
        fold: false,
      },
      db,
    );
  }
  return memberDto(after);
}

/** PATCH /api/team/members/{userId}: a new role, or deactivated or reactivated. */
export async function updateMember(by: TeamActor, userId: string, patch: MemberPatchBody) {
  const db = await getDb();
  return "role" in patch
    ? setMemberRole(db, by, userId, patch.role)
    : setMemberActive(db, by, userId, patch.status === "active");
}

/**
 * Deactivates a member (their sessions end at once, their calls and notes stay) or lets them
 * sign in again.
 */
export async function setMemberActive(db: Db, by: TeamActor, userId: string, active: boolean) {
  const { before, after, revoked } = await db.$transaction(async (tx) => {
    const member = await lockedMember(tx, by.organizationId, userId);
    if (!active && (await isLastManager(tx, by.organizationId, member))) throw lastManager();
    const updated = await tx.user.update({
      where: { id: userId },
      data: { disabled: !active },
      select: memberSelect,
    });
    const revoked = active ? [] : await revokeInvitationsSentBy(tx, { userId });
    return { before: member, after: updated, revoked };
  });
  await auditRevokedInvitations(db, by, revoked, "sender_deactivated");
  // After the commit as well as the flag: a request already past authentication still ends, and
  // every later one fails the live-session check (it reads `disabled`).
  if (!active) await revokeAllSessions({ userId }, db);
  if (before.disabled !== after.disabled) {
    await recordAudit(
      {
        actor: by.actor,
        action: active ? "team.reactivate" : "team.deactivate",
        target: after.username,
        outcome: "success",
        clientIp: by.clientIp ?? null,
        detail: { organizationId: by.organizationId },
        fold: false,
      },
      db,
    );
  }
  return memberDto(after);
}

/**
 * A manager clears a member's second factor (they lost the phone and the recovery codes): the
 * member signs in with the password alone and enrols again, and is told by mail. A manager's own
 * factor is turned off in Settings, with the password and a code: an open session alone must not
 * remove it.
 */
export async function resetMemberTwoFactor(by: TeamActor & { userId: string }, userId: string) {
  if (userId === by.userId) {
    throw new ApiError("conflict", "Turn your own two-factor sign-in off in Settings", {
      code: "own_two_factor",
    });
  }
  const db = await getDb();
  const member = await db.user.findFirst({
    where: { id: userId, organizationId: by.organizationId },
    select: memberSelect,
  });
  if (!member) throw notFound();
  if (member.totpEnabledAt === null) {
    throw new ApiError("conflict", "Two-factor sign-in is already off for this member", {
      code: "two_factor_off",
    });
  }
  const now = new Date();
  await clearSecondFactor(db, member, by.actor, { organizationId: by.organizationId });
  await sendAccountNotice("twoFactorDisabled", {
    actor: member.username,
    clientIp: by.clientIp ?? null,
    account: member,
    locale: undefined,
    at: now,
  });
  return memberDto({ ...member, totpEnabledAt: null });
}

/**
 * A manager requires (or stops requiring) a second factor of every member. Requiring it takes the
 * manager's own first: a team must not lock out the one who turned it on. Members without one are
 * sent to set it up at their next request; their sessions are not ended.
 */
export async function setRequireTwoFactor(
  by: TeamActor & { userId: string },
  requireTwoFactor: boolean,
) {
  if (requireTwoFactor) {
    const db = await getDb();
    const me = await db.user.findUniqueOrThrow({
      where: { id: by.userId },
      select: { totpEnabledAt: true },
    });
    if (me.totpEnabledAt === null) {
      throw new ApiError("conflict", "Turn on your own two-factor sign-in first", {
        code: "own_two_factor_first",
      });
    }
  }
  return applyRequireTwoFactor(by, requireTwoFactor);
}

/** The rule itself, audited when it changes: a manager's (above) or an operator's, any team. */
export async function applyRequireTwoFactor(by: TeamActor, requireTwoFactor: boolean) {
  const db = await getDb();
  const before = await db.organization.findUnique({
    where: { id: by.organizationId },
    select: { requireTwoFactor: true },
  });
  if (!before) {
    throw new ApiError("not_found", "No such organization", { code: "organization_not_found" });
  }
  await db.organization.update({
    where: { id: by.organizationId },
    data: { requireTwoFactor },
  });
  if (before.requireTwoFactor !== requireTwoFactor) {
    await recordAudit(
      {
        actor: by.actor,
        action: "team.require2fa",
        target: by.organizationId,
        outcome: "success",
        clientIp: by.clientIp ?? null,
        detail: { requireTwoFactor },
        fold: false,
      },
      db,
    );
  }
  return { requireTwoFactor };
}
