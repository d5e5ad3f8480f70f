// npm run users -- add <username> [--admin] [--email <address>] | list | disable <username> | passwd <username>
//                 | 2fa-reset <username>
//                 | org list | org caller-id <organization> <number|--clear>
// Passwords are never taken as arguments: read from stdin when piped, otherwise prompted for.
import readline from "node:readline";
import { Writable } from "node:stream";
import { ZodError } from "zod";
import {
  addAccount,
  disableAccount,
  listAccounts,
  listOrganizations,
  setAccountPassword,
  setOrganizationCallerId,
} from "@/lib/accounts/manage";
import { openForCli } from "@/lib/db/cli-connection";
import { resetTwoFactor } from "@/lib/two-factor/reset";

const usage = `Usage:
  npm run users -- add <username> [--admin] [--email <address>]
  npm run users -- list
  npm run users -- disable <username>
  npm run users -- passwd <username>
  npm run users -- 2fa-reset <username>
  npm run users -- org list
  npm run users -- org caller-id <organization> <number|--clear>`;

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

function option(args: string[], name: string) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** `org list`, `org caller-id <organization> <number|--clear>`: a team's settings. */
async function organizations(args: string[]) {
  const [sub, name, value] = args;
  const callerId = sub === "caller-id" && name && value;
  if (sub !== "list" && !callerId) {
    console.error(usage);
    process.exit(2);
  }
  const db = await openForCli();
  try {
    if (sub === "list") {
      const rows = await listOrganizations(db.prisma);
      if (!rows.length) console.log("No organizations.");
      for (const o of rows) {
        const users = `${o.users} user${o.users === 1 ? "" : "s"}`;
        console.log(`${o.name.padEnd(24)} ${users}  caller ID: ${o.callerId ?? "none"}`);
      }
    } else {
      const set = await setOrganizationCallerId(
        db.prisma,
        name!,
        value === "--clear" ? null : value!,
      );
      console.log(set ? `Caller ID of ${name} is now ${set}.` : `Caller ID of ${name} cleared.`);
    }
  } finally {
    await db.close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "org") return organizations(args);
  const username = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--email");
  if (!command || (command !== "list" && !username)) {
    console.error(usage);
    process.exit(2);
  }
  const password =
    command === "add" || command === "passwd"
      ? await readPassword("Password (8-256 characters): ")
      : "";
  const db = await openForCli();
  try {
    if (command === "add") {
      const admin = args.includes("--admin");
      const name = await addAccount(db.prisma, {
        username: username!,
        password,
        admin,
        email: option(args, "--email"),
      });
      console.log(`Created ${admin ? "operator" : "user"} ${name}.`);
    } else if (command === "list") {
      const rows = await listAccounts(db.prisma);
      if (!rows.length) console.log("No accounts.");
      for (const r of rows) {
        const flags = [
          r.kind,
          r.disabled ? "disabled" : "active",
          r.email ? `${r.email}${r.emailVerified ? " (verified)" : ""}` : "",
        ];
        console.log(`${r.username.padEnd(24)} ${flags.filter(Boolean).join("  ")}`);
      }
    } else if (command === "disable") {
      await disableAccount(db.prisma, username!);
      console.log(`Disabled ${username}; their sessions have ended.`);
    } else if (command === "passwd") {
      await setAccountPassword(db.prisma, username!, password);
      console.log(`Password changed for ${username}; their sessions have ended.`);
    } else if (command === "2fa-reset") {
      const { wasEnabled } = await resetTwoFactor(db.prisma, username!);
      console.log(
        wasEnabled
          ? `Two-factor sign-in of ${username} reset; they sign in with the password and can enrol again.`
          : `${username} had no two-factor sign-in; nothing else changed.`,
      );
    } else {
      console.error(usage);
      process.exitCode = 2;
    }
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
