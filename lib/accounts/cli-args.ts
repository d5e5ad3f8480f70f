import { parseArgs } from "node:util";
import { memberRoles, type MemberRole } from "@/lib/auth/permissions";

// The users CLI's command line, read strictly: an option a command does not know is an error,
// never ignored (an ignored `--org` once put every rep in the Default organization).

export const usage = `Usage:
  npm run users -- --help
  npm run users -- add <username> [--admin] [--email <address>] [--org <organization>] [--role rep|manager]
  npm run users -- list
  npm run users -- disable <username>
  npm run users -- passwd <username>
  npm run users -- 2fa-reset <username>
  npm run users -- move <username> <organization>
  npm run users -- role <username> rep|manager
  npm run users -- org list
  npm run users -- org add <name>
  npm run users -- org caller-id <organization> <number|--clear>`;

export type CliCommand =
  | { command: "help" }
  | {
      command: "add";
      username: string;
      admin: boolean;
      email?: string;
      organization?: string;
      role?: MemberRole;
    }
  | { command: "list" }
  | { command: "disable" | "passwd" | "2fa-reset"; username: string }
  | { command: "move"; username: string; organization: string }
  | { command: "role"; username: string; role: MemberRole }
  | { command: "org list" }
  | { command: "org add"; name: string }
  | { command: "org caller-id"; name: string; number: string | null };

/** A command line the CLI refuses: the message names what is wrong, the usage follows it. */
export class UsageError extends Error {}

type OptionSpec = Record<string, { type: "string" | "boolean" }>;

function read(args: string[], options: OptionSpec, positionals: string[]) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (err) {
    // node:util's messages name the option ("Unknown option '--org'") and say how to pass a
    // value that starts with a dash; keep them, without Node's error code prefix.
    throw new UsageError((err as Error).message);
  }
  const given = parsed.positionals;
  if (given.length !== positionals.length) {
    throw new UsageError(
      given.length < positionals.length
        ? `Missing ${positionals.slice(given.length).join(" ")}`
        : `Unexpected argument: ${given[positionals.length]}`,
    );
  }
  return { values: parsed.values as Record<string, string | boolean | undefined>, given };
}

function role(value: string): MemberRole {
  if ((memberRoles as readonly string[]).includes(value)) return value as MemberRole;
  throw new UsageError(`Unknown role: ${value} (rep or manager)`);
}

/** `--help` or `-h` anywhere before a `--` (or `help` as the command) asks for the usage. */
function asksForHelp(argv: string[]) {
  const end = argv.indexOf("--");
  const options = end === -1 ? argv : argv.slice(0, end);
  return argv[0] === "help" || options.includes("--help") || options.includes("-h");
}

export function parseCli(argv: string[]): CliCommand {
  if (asksForHelp(argv)) return { command: "help" };
  const [command, ...args] = argv;
  switch (command) {
    case "add": {
      const { values, given } = read(
        args,
        {
          admin: { type: "boolean" },
          email: { type: "string" },
          org: { type: "string" },
          role: { type: "string" },
        },
        ["<username>"],
      );
      if (values.admin && (values.org !== undefined || values.role !== undefined)) {
        throw new UsageError(
          "An operator belongs to no organization: --admin takes no --org or --role",
        );
      }
      return {
        command,
        username: given[0],
        admin: values.admin === true,
        email: values.email as string | undefined,
        organization: values.org as string | undefined,
        ...(values.role === undefined ? {} : { role: role(values.role as string) }),
      };
    }
    case "list":
      read(args, {}, []);
      return { command };
    case "disable":
    case "passwd":
    case "2fa-reset":
      return { command, username: read(args, {}, ["<username>"]).given[0] };
    case "move": {
      const { given } = read(args, {}, ["<username>", "<organization>"]);
      return { command, username: given[0], organization: given[1] };
    }
    case "role": {
      const { given } = read(args, {}, ["<username>", "rep|manager"]);
      return { command, username: given[0], role: role(given[1]) };
    }
    case "org":
      return parseOrg(args);
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : "No command given");
  }
}

function parseOrg([sub, ...args]: string[]): CliCommand {
  switch (sub) {
    case "list":
      read(args, {}, []);
      return { command: "org list" };
    case "add":
      return { command: "org add", name: read(args, {}, ["<name>"]).given[0] };
    case "caller-id": {
      // `--clear` in place of the number: one positional then, two otherwise.
      const clear = args.includes("--clear");
      const { given } = read(
        args,
        { clear: { type: "boolean" } },
        clear ? ["<organization>"] : ["<organization>", "<number>"],
      );
      return { command: "org caller-id", name: given[0], number: clear ? null : given[1] };
    }
    default:
      throw new UsageError(sub ? `Unknown org command: ${sub}` : "Missing org command");
  }
}
