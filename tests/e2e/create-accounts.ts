// The e2e server's accounts and teams, made in one process before the server starts
// (tests/e2e/server.mjs). It calls what `npm run users` calls (modules/team/lib/account-admin.ts
// on the database the CLI opens), but once for the whole list: a CLI process per account cost every
// shard's server about 2 s of start-up each, twelve times. The CLI itself is tested in
// tests/api/cli-*.test.ts. The list arrives on stdin as JSON, so no password is an argument.
import { openForCli } from "@/lib/db/cli-connection";
import { addAccount, addOrganization } from "@/modules/team/lib/account-admin";

type Step =
  | { organization: string }
  | {
      username: string;
      password: string;
      admin?: boolean;
      organization?: string;
      role?: "rep" | "manager";
    };

async function main() {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  const steps = JSON.parse(input) as Step[];
  const db = await openForCli();
  try {
    // In order: a team's first member becomes its manager, as with the CLI.
    for (const step of steps) {
      if ("username" in step) await addAccount(db.prisma, step);
      else await addOrganization(db.prisma, step.organization);
    }
  } finally {
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
