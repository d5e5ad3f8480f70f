import "server-only";
import crypto from "node:crypto";
import type { Db } from "@/lib/db/client";
import { isEmbedded } from "@/lib/env";
import { seedDemoCalls } from "@/modules/calls/lib/demo";
import { addAccount } from "@/modules/team/lib/account-admin";

export const demoRep = "demo";
export const demoManager = "manager";
export const demoOperator = "operator";

/**
 * On the very first start of an empty embedded database, creates a demo manager, a demo rep
 * (both of the Default team) and a demo operator with random passwords and returns them so the caller can print them once.
 * On PostgreSQL only when asked (SEED_DEMO=1, by the build of a preview), with the password
 * given in DEMO_PASSWORD, which the caller must not print: production has no default accounts.
 */
export async function seedDemoAccounts(db: Db, password?: string) {
  const [users, operators] = await Promise.all([db.user.count(), db.operator.count()]);
  if (users > 0 || operators > 0) return null;
  const random = () => crypto.randomBytes(9).toString("base64url");
  const rep = { username: demoRep, password: password ?? random() };
  const manager = { username: demoManager, password: password ?? random() };
  const operator = { username: demoOperator, password: password ?? random() };
  await addAccount(db, { ...manager, role: "manager" });
  await addAccount(db, { ...rep, email: "demo@example.com", role: "rep" });
  await addAccount(db, { ...operator, admin: true });
  // The spec's sample Call History becomes the demo team's calls, on a new embedded database
  // only: a PostgreSQL database (even a preview's with SEED_DEMO) never holds sample calls.
  if (isEmbedded) {
    const { organizationId } = await db.user.findUniqueOrThrow({ where: { username: demoRep } });
    await seedDemoCalls(db, organizationId);
  }
  return { rep, manager, operator };
}

export function formatDemoBanner(
  accounts: NonNullable<Awaited<ReturnType<typeof seedDemoAccounts>>>,
  url: string,
) {
  const lines = [
    "Demo accounts created on this new embedded database (shown only once):",
    `  Sales rep  ${url}/login         username: ${accounts.rep.username}  password: ${accounts.rep.password}`,
    `  Manager    ${url}/login         username: ${accounts.manager.username}  password: ${accounts.manager.password}`,
    `  Operator   ${url}/adminconsole  username: ${accounts.operator.username}  password: ${accounts.operator.password}`,
    "Create more with: npm run users -- add <username>",
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = "=".repeat(width);
  return [bar, ...lines.map((l) => ` ${l}`), bar].join("\n");
}
