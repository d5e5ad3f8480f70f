import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit";
import { hashPassword, passwordSchema } from "@/lib/auth/password";
import type { MemberRole } from "@/lib/auth/permissions";
import { revokeAllSessions } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/client";
import { emailAddressSchema } from "@/lib/email/schemas";
import { organizationNameSchema } from "@/lib/accounts/organization-schemas";
import { normalizeUsername, usernameKey } from "@/lib/accounts/username";
import { toE164 } from "@/modules/calls/lib/phone";
import { auditRevokedInvitations, revokeInvitationsSentBy } from "./inviter-standing";
import { setMemberRole } from "./members";

// Account administration shared by the users CLI, the console's organizations and the demo seed
// (modules/deploy/lib/demo.ts).

export const usernameSchema = z
  .string()
  .trim()
  .overwrite(normalizeUsername)
  .min(2, "Username must be at least 2 characters")
  .max(64, "Username must be at most 64 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "Username may contain letters, digits and . _ @ - only");

/** The same address rule as the verification request (one source for what a valid email is). */
export const emailSchema = emailAddressSchema;

export const defaultOrganization = "Default";

export type NewAccount = {
  username: string;
  password: string;
  admin?: boolean;
  email?: string;
  /** An existing organization's name; without it the account joins "Default". */
  organization?: string;
  /** Without it: manager when the organization has no active manager yet, else rep. */
  role?: MemberRole;
};

function usernameTaken(username: string, existing: string) {
  return new Error(
    existing === username
      ? `An account named ${username} already exists`
      : `An account named ${existing} already exists (usernames are the same whatever their case)`,
  );
}

/** The organization named `name`, or an error that says how to create it. */
async function organizationNamed(db: Db, name: string) {
  const found = await db.organization.findUnique({ where: { name } });
  if (!found) throw new Error(`No organization named ${name} (create it with: org add <name>)`);
  return found;
}

/**
 * The Default organization, made on first use. Prisma's upsert is a read then a write: two
 * accounts added at once to an empty database both try the insert, and the loser reads the row.
 */
async function defaultOrganizationRow(db: Db) {
  const where = { name: defaultOrganization };
  try {
    return await db.organization.upsert({ where, create: where, update: {} });
  } catch (err) {
    if ((err as { code?: string }).code !== "P2002") throw err;
    return db.organization.findUniqueOrThrow({ where });
  }
}

/** Creates an organization (a team); its name is unique. */
export async function addOrganization(db: Db, input: string, actor = "cli") {
  const name = organizationNameSchema.parse(input);
  const created = await db.organization.create({ data: { name } }).catch((err: unknown) => {
    if ((err as { code?: string }).code === "P2002") {
      throw new Error(`An organization named ${name} already exists`);
    }
    throw err;
  });
  await recordAudit({ actor, action: "organization.add", target: name, outcome: "success" }, db);
  return created;
}

export async function addAccount(db: Db, input: NewAccount) {
  const username = usernameSchema.parse(input.username);
  const passwordHash = await hashPassword(passwordSchema.parse(input.password));
  if (input.admin) {
    await db.operator.create({ data: { username, passwordHash } });
  } else {
    const email = input.email === undefined ? null : emailSchema.parse(input.email);
    // A named organization must exist (a typo must not create a team); Default is made on demand.
    const organization =
      input.organization === undefined
        ? await defaultOrganizationRow(db)
        : await organizationNamed(db, input.organization);
    // An organization's first member runs it: the operator adds its manager first. The
    // organization's row is locked while the role is chosen, so two accounts added at once to a
    // team without a manager cannot both become its manager.
    await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "Organization" WHERE "id" = ${organization.id}::uuid FOR UPDATE`;
      const role =
        input.role ??
        ((await tx.user.count({
          where: { organizationId: organization.id, role: "manager", disabled: false },
        }))
          ? "rep"
          : "manager");
      const key = usernameKey(username);
      const taken = await tx.user.findUnique({
        where: { usernameKey: key },
        select: { username: true },
      });
      if (taken) throw usernameTaken(username, taken.username);
      await tx.user
        .create({
          data: {
            username,
            usernameKey: key,
            passwordHash,
            email,
            organizationId: organization.id,
            role,
          },
        })
        .catch((err: unknown) => {
          // Two accounts of one name added at once: the database's unique key refuses the second.
          if ((err as { code?: string }).code === "P2002") throw usernameTaken(username, username);
          throw err;
        });
    });
  }
  await recordAudit(
    {
      actor: "cli",
      action: input.admin ? "operator.add" : "user.add",
      target: username,
      outcome: "success",
      detail: input.admin
        ? undefined
        : { organization: input.organization ?? defaultOrganization, role: input.role ?? null },
    },
    db,
  );
  return username;
}

/**
 * Moves a rep to another organization. Their sessions end: the browser's stores (records,
 * outboxes) belong to the old team, and a fresh sign-in starts from the new one's.
 */
export async function moveAccount(db: Db, username: string, organizationName: string) {
  const user = await db.user.findUnique({
    where: { username },
    include: { organization: { select: { name: true } } },
  });
  if (!user) throw new Error(`No user named ${username}`);
  const organization = await organizationNamed(db, organizationName);
  if (organization.id === user.organizationId) {
    return { from: user.organization.name, to: organization.name, moved: false };
  }
  await db.user.update({ where: { id: user.id }, data: { organizationId: organization.id } });
  await revokeAllSessions({ userId: user.id }, db);
  await recordAudit(
    {
      actor: "cli",
      action: "user.move",
      target: username,
      outcome: "success",
      detail: { from: user.organization.name, to: organization.name },
    },
    db,
  );
  return { from: user.organization.name, to: organization.name, moved: true };
}

export async function listAccounts(db: Db) {
  const [users, operators] = await Promise.all([
    db.user.findMany({
      orderBy: { username: "asc" },
      include: { organization: { select: { name: true } } },
    }),
    db.operator.findMany({ orderBy: { username: "asc" } }),
  ]);
  return [
    ...users.map((u) => ({
      username: u.username,
      kind: "user" as const,
      organization: u.organization.name as string | null,
      role: u.role as MemberRole | null,
      email: u.email,
      emailVerified: u.emailVerified,
      disabled: u.disabled,
    })),
    ...operators.map((o) => ({
      username: o.username,
      kind: "operator" as const,
      organization: null,
      role: null,
      email: null,
      emailVerified: false,
      disabled: o.disabled,
    })),
  ];
}

async function findEither(db: Db, username: string) {
  const user = await db.user.findUnique({ where: { username } });
  if (user) return { kind: "user" as const, id: user.id };
  const operator = await db.operator.findUnique({ where: { username } });
  if (operator) return { kind: "operator" as const, id: operator.id };
  throw new Error(`No account named ${username}`);
}

/** Disables an account and ends all of its sessions at once. */
export async function disableAccount(db: Db, username: string) {
  const found = await findEither(db, username);
  const sender = found.kind === "user" ? { userId: found.id } : { operatorId: found.id };
  const revoked = await db.$transaction(async (tx) => {
    if (found.kind === "user") {
      await tx.user.update({ where: { id: found.id }, data: { disabled: true } });
    } else {
      await tx.operator.update({ where: { id: found.id }, data: { disabled: true } });
    }
    return revokeInvitationsSentBy(tx, sender);
  });
  await revokeAllSessions(sender, db);
  await recordAudit(
    { actor: "cli", action: `${found.kind}.disable`, target: username, outcome: "success" },
    db,
  );
  await auditRevokedInvitations(db, { actor: "cli" }, revoked, "sender_deactivated");
}

/** Sets a new password and ends all existing sessions of the account. */
export async function setAccountPassword(db: Db, username: string, password: string) {
  const passwordHash = await hashPassword(passwordSchema.parse(password));
  const found = await findEither(db, username);
  if (found.kind === "user") {
    await db.user.update({ where: { id: found.id }, data: { passwordHash } });
    await revokeAllSessions({ userId: found.id }, db);
  } else {
    await db.operator.update({ where: { id: found.id }, data: { passwordHash } });
    await revokeAllSessions({ operatorId: found.id }, db);
  }
  await recordAudit(
    { actor: "cli", action: `${found.kind}.passwd`, target: username, outcome: "success" },
    db,
  );
}

/** The users CLI's `role`: the same rule as a manager's change (the last manager stays). */
export async function setAccountRole(db: Db, username: string, role: MemberRole) {
  const user = await db.user.findUnique({ where: { username } });
  if (!user) throw new Error(`No user named ${username}`);
  return setMemberRole(db, { actor: "cli", organizationId: user.organizationId }, user.id, role);
}

export async function listOrganizations(db: Db) {
  const rows = await db.organization.findMany({
    orderBy: { name: "asc" },
    include: {
      _count: {
        select: { users: true },
      },
    },
  });
  const managers = await db.user.groupBy({
    by: ["organizationId"],
    where: { role: "manager", disabled: false },
    _count: { _all: true },
  });
  const managersOf = new Map(managers.map((m) => [m.organizationId, m._count._all]));
  return rows.map((o) => ({
    id: o.id,
    name: o.name,
    callerId: o.callerId,
    users: o._count.users,
    managers: managersOf.get(o.id) ?? 0,
    requireTwoFactor: o.requireTwoFactor,
    createdAt: o.createdAt,
  }));
}

/**
 * Sets (or with null clears) an organization's caller ID: the originating number recorded on
 * its calls from now on. Stored in E.164; a number that cannot be read as one is refused.
 */
export async function setOrganizationCallerId(db: Db, name: string, number: string | null) {
  const callerId = number === null ? null : toE164(number);
  if (number !== null && !callerId) {
    throw new Error(
      `Not a phone number: ${number} (use the international form, e.g. +14155550100)`,
    );
  }
  const { count } = await db.organization.updateMany({ where: { name }, data: { callerId } });
  if (!count) throw new Error(`No organization named ${name}`);
  await recordAudit(
    {
      actor: "cli",
      action: "organization.caller_id",
      target: name,
      outcome: "success",
      detail: { callerId },
    },
    db,
  );
  return callerId;
}
