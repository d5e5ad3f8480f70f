// npm run users -- --help (the usage, exit 0)
//                 | add <username> [--admin] [--email <address>] [--org <organization>]
//                     [--role rep|manager] | list
//                 | disable <username> | passwd <username> | 2fa-reset <username>
//                 | move <username> <organization> | role <username> rep|manager
//                 | org list | org add <name> | org caller-id <organization> <number|--clear>
// Passwords are never taken as arguments: read from stdin when piped, otherwise prompted for.
// Unknown options and commands are refused (lib/accounts/cli-args.ts).
import readline from "node:readline";
import { Writable } from "node:stream";
import { ZodError } from "zod";
import { parseCli, usage, UsageError, type CliCommand } from "@/lib/accounts/cli-args";
import {
  addAccount,
  addOrganization,
  disableAccount,
  listAccounts,
  listOrganizations,
  moveAccount,
  setAccountPassword,
  setAccountRole,
  setOrganizationCallerId,
} from "@/modules/team/lib/account-admin";
import type { Db } from "@/lib/db/client";
import { openForCli } from "@/lib/db/cli-connection";
import { resetTwoFactor } from "@/lib/two-factor/reset";

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let data = "";
    for await (const chunk of process.stdin) data += chunk;
    return data.split(/\r?\n/)[0] ?? "";
  }
  const ask = async (label: string) => {
    let muted = false;
    const output = new Writable({
      write(chunk, _enc, done) {
        if (!muted) process.stdout.write(chunk);
        done();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    const answer = new Promise<string>((resolve) => rl.question(label, resolve));
    muted = true;
    const value = await answer;
    rl.close();
    process.stdout.write("\n");
    return value;
  };
  const first = await ask(prompt);
  const second = await ask("Repeat password: ");
  if (first !== second) throw new Error("The passwords do not match.");
  return first;
}

async function run(cmd: Exclude<CliCommand, { command: "help" }>, db: Db, password: string) {
  switch (cmd.command) {
    case "add": {
      const name = await addAccount(db, {
        username: cmd.username,
        password,
        admin: cmd.admin,
        email: cmd.email,
        organization: cmd.organization,
        role: cmd.role,
      });
      if (cmd.admin) return console.log(`Created operator ${name}.`);
      const { role } = await db.user.findUniqueOrThrow({
        where: { username: name },
        select: { role: true },
      });
      return console.log(`Created ${role} ${name} in ${cmd.organization ?? "Default"}.`);
    }
    case "list": {
      const rows = await listAccounts(db);
      if (!rows.length) console.log("No accounts.");
      for (const r of rows) {
        const flags = [
          r.kind,
          r.organization ?? "",
          r.role ?? "",
          r.disabled ? "disabled" : "active",
          r.email ? `${r.email}${r.emailVerified ? " (verified)" : ""}` : "",
        ];
        console.log(`${r.username.padEnd(24)} ${flags.filter(Boolean).join("  ")}`);
      }
      return;
    }
    case "disable":
      await disableAccount(db, cmd.username);
      return console.log(`Disabled ${cmd.username}; their sessions have ended.`);
    case "passwd":
      await setAccountPassword(db, cmd.username, password);
      return console.log(`Password changed for ${cmd.username}; their sessions have ended.`);
    case "2fa-reset": {
      const { wasEnabled } = await resetTwoFactor(db, cmd.username);
      return console.log(
        wasEnabled
          ? `Two-factor sign-in of ${cmd.username} reset; they sign in with the password and can enrol again.`
          : `${cmd.username} had no two-factor sign-in; nothing else changed.`,
      );
    }
    case "move": {
      const moved = await moveAccount(db, cmd.username, cmd.organization);
      return console.log(
        moved.moved
          ? `Moved ${cmd.username} from ${moved.from} to ${moved.to}; their sessions have ended.`
          : `${cmd.username} is already in ${moved.to}; nothing changed.`,
      );
    }
    case "role": {
      const member = await setAccountRole(db, cmd.username, cmd.role);
      return console.log(`${member.username} is now a ${member.role}.`);
    }
    case "org list": {
      const rows = await listOrganizations(db);
      if (!rows.length) console.log("No organizations.");
      for (const o of rows) {
        const users = `${o.users} user${o.users === 1 ? "" : "s"}`;
        console.log(`${o.name.padEnd(24)} ${users}  caller ID: ${o.callerId ?? "none"}`);
      }
      return;
    }
    case "org add": {
      const created = await addOrganization(db, cmd.name);
      return console.log(`Created organization ${created.name}.`);
    }
    case "org caller-id": {
      const set = await setOrganizationCallerId(db, cmd.name, cmd.number);
      return console.log(
        set ? `Caller ID of ${cmd.name} is now ${set}.` : `Caller ID of ${cmd.name} cleared.`,
      );
    }
  }
}

async function main() {
  let cmd: CliCommand;
  try {
    cmd = parseCli(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${usage}`);
    process.exit(2);
  }
  if (cmd.command === "help") {
    // Asked for, so on stdout and a success; nothing is opened.
    console.log(usage);
    return;
  }
  const password =
    cmd.command === "add" || cmd.command === "passwd"
      ? await readPassword("Password (8-256 characters): ")
      : "";
  const db = await openForCli();
  try {
    await run(cmd, db.prisma, password);
  } finally {
    await db.close();
  }
}

// Exit explicitly: a finished CLI must not linger on handles the database drivers keep open.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    if (err instanceof ZodError) console.error(err.issues.map((i) => i.message).join("; "));
    else if ((err as { code?: string }).code === "P2002")
      console.error("That username is already taken.");
    else console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
