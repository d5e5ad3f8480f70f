// The database half of `npm run build` (scripts/build.mjs) when DATABASE_URL is set: applies
// pending migrations under an advisory lock, so that serverless cold starts never migrate and
// two builds racing on one database do not both migrate; with SEED_DEMO=1 it then creates the
// demo rep, manager and operator (password: DEMO_PASSWORD, never printed: build logs are widely readable).
import { demoManager, demoOperator, demoRep, seedDemoAccounts } from "@/modules/deploy/lib/demo";
import { openForCli } from "@/lib/db/cli-connection";
import { withAdvisoryLock } from "@/lib/db/migrate";
import { env } from "@/lib/env";

const seedLockKey = 4_407_716_122;

async function main() {
  const db = await openForCli();
  try {
    if (db.migrated.length) console.log(`Migrations applied: ${db.migrated.join(", ")}`);
    else console.log("Migrations: the database is up to date.");
    if (env.SEED_DEMO && env.DATABASE_URL) {
      const seeded = await withAdvisoryLock(env.DATABASE_URL, seedLockKey, () =>
        seedDemoAccounts(db.prisma, env.DEMO_PASSWORD),
      );
      console.log(
        seeded
          ? `Demo accounts created: rep "${demoRep}", manager "${demoManager}", operator "${demoOperator}" (password: the DEMO_PASSWORD setting).`
          : "Demo accounts: the database already has accounts; none created.",
      );
    }
  } finally {
    await db.close();
  }
}

// Exit explicitly: a finished CLI must not linger on handles the database drivers keep open.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    // The message only: a driver error can quote the connection string's host, never a stack.
    console.error(`Database step of the build failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
