import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit";
import { hashPassword, passwordSchema } from "@/lib/auth/password";
import { revokeAllSessions } from "@/lib/auth/sessions";
import type { Db } from "@/lib/db/client";
import { toE164 } from "@/lib/calls/phone";
import { emailAddressSchema } from "@/lib/email/schemas";

// Account administration shared by the users CLI and the first-start demo seed.

export const usernameSchema = z
  .string()
  .trim()
  .min(2, "Username must be at least 2 characters")
  .max(64, "Username must be at most 64 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "Username may contain letters, digits and . _ @ - only");

/** The same address rule as the verification request (one source for what a valid email is). */
export const emailSchema = emailAddressSchema;

export const defaultOrganization = "Default";

export type NewAccount = { username: string; password: string; admin?: boolean; email?: string };

export async function addAccount(db: Db, input: NewAccount) {
  const username = usernameSchema.parse(input.username);
  const passwordHash = await hashPassword(passwordSchema.parse(input.password));
  if (input.admin) {
    await db.operator.create({ data: { username, passwordHash } });
  } else {
    const email = input.email === undefined ? null : emailSchema.parse(input.email);
    const organization = await db.organization.upsert({
      where: { name: defaultOrganization },
      create: { name: defaultOrganization },
      update: {},
    });
    await db.user.create({
      data: { username, passwordHash, email, organizationId: organization.id },
    });
  }
  await recordAudit(
    {
      actor: "cli",
      action: input.admin ? "operator.add" : "user.add",
      target: username,
      outcome: "success",
    },
    db,
  );
  return username;
}

export async function listAccounts(db: Db) {
  const [users, operators] = await Promise.all([
    db.user.findMany({ orderBy: { username: "asc" } }),
    db.operator.findMany({ orderBy: { username: "asc" } }),
  ]);
  return [
    ...users.map((u) => ({
      username: u.username,
      kind: "user" as const,
      email: u.email,
      emailVerified: u.emailVerified,
      disabled: u.disabled,
    })),
    ...operators.map((o) => ({
      username: o.username,
      kind: "operator" as const,
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
  if (found.kind === "user") {
    await db.user.update({ where: { id: found.id }, data: { disabled: true } });
    await revokeAllSessions({ userId: found.id }, db);
  } else {
    await db.operator.update({ where: { id: found.id }, data: { disabled: true } });
    await revokeAllSessions({ operatorId: found.id }, db);
  }
  await recordAudit(
    { actor: "cli", action: `${found.kind}.disable`, target: username, outcome: "success" },
    db,
  );
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

export async function listOrganizations(db: Db) {
  const rows = await db.organization.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { users: true } } },
  });
  return rows.map((o) => ({ name: o.name, callerId: o.callerId, users: o._count.users }));
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
