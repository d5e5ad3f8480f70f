// npm run db:migrate: applies pending migrations from prisma/migrations (the server also does on start).
import { openForCli } from "@/lib/db/cli-connection";
import { DataDirBusyError } from "@/lib/db/embedded-lock";

async function main() {
  const db = await openForCli();
  try {
    if (db.mode === "socket") console.log("The running server has already applied the migrations.");
    else if (db.migrated.length) console.log(`Applied: ${db.migrated.join(", ")}`);
    else console.log("The database is up to date.");
  } finally {
    await db.close();
  }
}

// Exit explicitly: a finished CLI must not linger on handles the database drivers keep open.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err instanceof DataDirBusyError || err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
