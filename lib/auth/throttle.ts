import "server-only";
import { getDb } from "@/lib/db/client";
import { commitWithoutFlush } from "@/lib/db/relaxed-commit";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";

// Failed-login counters in the database, so every app instance shares them. Only failures
// count: a correct password is never refused because of other attempts in flight. To keep
// concurrent wrong guesses from overshooting a limit, an attempt first reserves a pending slot
// in one atomic upsert that succeeds only while failures + pending stay under the limit; the
// outcome then turns the slot into a failure or frees it. When every slot is taken by attempts
// still in flight, a new one waits for them (up to 25 s, within the 30 s request timeout).
// Reserving a slot commits without a disk flush (lib/db/relaxed-commit.ts): a slot lost in a
// crash only frees it early, and stale slots expire anyway. Failures are recorded by the release,
// with the audit event, in an ordinary commit.
//
// Two counters guard each sign-in:
// - per account and client address (LOGIN_MAX_FAILURES in LOGIN_WINDOW_MINUTES): one client's
//   guesses lock only that client out of that account, for the rest of the window;
// - per account from any address (LOGIN_ACCOUNT_FAILURES): guessing one username from many
//   addresses. Past the limit every attempt waits, the right password included, 1 s after the
//   first failure over the limit and twice as long after each further one, up to 15 minutes, and
//   only one attempt at a time is let through after each wait. A stranger can so keep a rep
//   waiting at most 15 minutes at a time; a success resets the counter. Where the deployment
//   offers no trusted client address (lib/api/client-ip.ts), only this counter applies.

export type ThrottleVerdict =
  | {
      allowed: true;
      release(outcome: "success" | "failure" | "error"): Promise<void>;
      /**
       * The statements that release the slot, for a caller that runs them in one statement
       * with its own writes (runTogether); the slot then counts as released.
       */
      releaseStatements(outcome: "success" | "failure"): Prisma.Sql[];
    }
  | { allowed: false; retryAfterSeconds: number };

type Kind = "address" | "account";
type Outcome = "success" | "failure" | "error";

/** A pending slot older than this belongs to a crashed process and no longer counts. */
const staleMs = 60_000;
/** Waiting attempts poll from 50 ms up to 400 ms, so a crowd of them does not starve the database. */
const firstWaitMs = 50;
const longestWaitMs = 400;
const maxWaitMs = 25_000;
/** The longest an account waits past its limit. */
export const maxAccountLockSeconds = 15 * 60;

export function throttleKey(scope: "user" | "operator", username: string, ip: string) {
  return `address:${scope}:${username.toLowerCase()}:${ip}`;
}

export function accountThrottleKey(scope: "user" | "operator", username: string) {
  return `account:${scope}:${username.toLowerCase()}`;
}

const retryAfter = (until: Date | number) =>
  Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1000));

async function reserveAddress(key: string) {
  const db = await getDb();
  const now = new Date();
  const windowCutoff = new Date(now.getTime() - env.LOGIN_WINDOW_MINUTES * 60_000);
  const staleCutoff = new Date(now.getTime() - staleMs);
  const max = env.LOGIN_MAX_FAILURES;
  // Effective values: a closed window has no failures, a stale row has no pending attempts.
  const rows = await db.$queryRaw<{ key: string }[]>`
    INSERT INTO "LoginThrottle" AS t ("key", "failures", "pending", "windowStart", "updatedAt")
    VALUES (${key}, 0, 1, ${now}, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN t."windowStart" < ${windowCutoff} THEN 0 ELSE t."failures" END,
      "windowStart" = CASE WHEN t."windowStart" < ${windowCutoff} THEN ${now} ELSE t."windowStart" END,
      "pending" = CASE WHEN t."updatedAt" < ${staleCutoff} THEN 1 ELSE t."pending" + 1 END,
      "updatedAt" = ${now}
    WHERE (CASE WHEN t."windowStart" < ${windowCutoff} THEN 0 ELSE t."failures" END)
        + (CASE WHEN t."updatedAt" < ${staleCutoff} THEN 0 ELSE t."pending" END) < ${max}::int
    RETURNING t."key", ${commitWithoutFlush}`;
  if (rows.length) return { reserved: true as const };
  const [row] = await db.$queryRaw<{ failures: number; windowStart: Date }[]>`
    SELECT "failures", "windowStart" FROM "LoginThrottle" WHERE "key" = ${key}`;
  if (!row || new Date(row.windowStart) < windowCutoff || row.failures < max) {
    return { reserved: false as const, busy: true as const };
  }
  const retryAt = new Date(row.windowStart).getTime() + env.LOGIN_WINDOW_MINUTES * 60_000;
  return { reserved: false as const, busy: false as const, retryAfterSeconds: retryAfter(retryAt) };
}

async function reserveAccount(key: string) {
  const db = await getDb();
  const now = new Date();
  const windowCutoff = new Date(now.getTime() - env.LOGIN_WINDOW_MINUTES * 60_000);
  const staleCutoff = new Date(now.getTime() - staleMs);
  const max = env.LOGIN_ACCOUNT_FAILURES;
  // An account row is forgotten once a whole window passed after its latest failure and after
  // its wait ended. Below the limit, slots are taken as for addresses; past it, when the wait is
  // over, one attempt at a time (its failure starts the next, longer wait).
  const rows = await db.$queryRaw<{ key: string }[]>`
    WITH now AS (
      SELECT (t."windowStart" < ${windowCutoff}
              AND (t."lockedUntil" IS NULL OR t."lockedUntil" < ${windowCutoff})) AS "idle",
             (t."updatedAt" < ${staleCutoff}) AS "stale"
      FROM "LoginThrottle" t WHERE t."key" = ${key}
    )
    INSERT INTO "LoginThrottle" AS t ("key", "failures", "pending", "windowStart", "updatedAt")
    VALUES (${key}, 0, 1, ${now}, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN (SELECT "idle" FROM now) THEN 0 ELSE t."failures" END,
      "lockedUntil" = CASE WHEN (SELECT "idle" FROM now) THEN NULL ELSE t."lockedUntil" END,
      "windowStart" = CASE WHEN (SELECT "idle" FROM now) THEN ${now} ELSE t."windowStart" END,
      "pending" = CASE WHEN (SELECT "stale" FROM now) THEN 1 ELSE t."pending" + 1 END,
      "updatedAt" = ${now}
    WHERE (SELECT "idle" FROM now)
       OR ((t."lockedUntil" IS NULL OR t."lockedUntil" <= ${now})
           AND (CASE WHEN (SELECT "stale" FROM now) THEN 0 ELSE t."pending" END)
               < CASE WHEN t."failures" >= ${max}::int THEN 1 ELSE ${max}::int - t."failures" END)
    RETURNING t."key", ${commitWithoutFlush}`;
  if (rows.length) return { reserved: true as const };
  const [row] = await db.$queryRaw<{ lockedUntil: Date | null }[]>`
    SELECT "lockedUntil" FROM "LoginThrottle" WHERE "key" = ${key}`;
  if (row?.lockedUntil && new Date(row.lockedUntil) > now) {
    return {
      reserved: false as const,
      busy: false as const,
      retryAfterSeconds: retryAfter(row.lockedUntil),
    };
  }
  return { reserved: false as const, busy: true as const };
}

function releaseStatements(kind: Kind, key: string, outcome: Outcome) {
  const now = new Date();
  if (outcome === "success") return [Prisma.sql`DELETE FROM "LoginThrottle" WHERE "key" = ${key}`];
  const failed = outcome === "failure" ? 1 : 0;
  if (!failed) {
    return [
      Prisma.sql`
        UPDATE "LoginThrottle" SET "pending" = GREATEST("pending" - 1, 0), "updatedAt" = ${now}
        WHERE "key" = ${key}`,
    ];
  }
  if (kind === "account") {
    // SET sees the row as it was: "failures" + 1 is this failure's number.
    const max = env.LOGIN_ACCOUNT_FAILURES;
    return [
      Prisma.sql`
        UPDATE "LoginThrottle" SET
          "failures" = "failures" + 1,
          "pending" = GREATEST("pending" - 1, 0),
          "windowStart" = ${now},
          "lockedUntil" = CASE WHEN "failures" + 1 >= ${max}::int
            THEN ${now}::timestamp(3) + make_interval(secs =>
              LEAST(power(2, "failures" + 1 - ${max}::int), ${maxAccountLockSeconds}::int))
            ELSE "lockedUntil" END,
          "updatedAt" = ${now}
        WHERE "key" = ${key}`,
      Prisma.sql`
        INSERT INTO "LoginThrottle" ("key", "failures", "pending", "windowStart", "updatedAt")
        VALUES (${key}, 1, 0, ${now}, ${now})
        ON CONFLICT ("key") DO NOTHING`,
    ];
  }
  const update = Prisma.sql`
    UPDATE "LoginThrottle" SET
      "failures" = "failures" + 1,
      "pending" = GREATEST("pending" - 1, 0),
      "updatedAt" = ${now}
    WHERE "key" = ${key}`;
  // A success may have deleted the row meanwhile: the failure still counts.
  return [
    update,
    Prisma.sql`
      INSERT INTO "LoginThrottle" ("key", "failures", "pending", "windowStart", "updatedAt")
      VALUES (${key}, 1, 0, ${now}, ${now})
      ON CONFLICT ("key") DO NOTHING`,
  ];
}

/**
 * Runs data-changing statements as one statement (data-modifying WITH clauses): one round trip
 * and one transaction, so either all of them happen or none does.
 */
export async function runTogether(statements: Prisma.Sql[]) {
  const db = await getDb();
  const parts = statements.map((sql, i) => Prisma.sql`${Prisma.raw(`s${i}`)} AS (${sql})`);
  await db.$queryRaw`WITH ${Prisma.join(parts, ", ")} SELECT 1 AS "done"`;
}

/**
 * Takes a slot for one sign-in attempt on one counter, or refuses it when that counter says to
 * wait. The caller must release the slot with the attempt's outcome.
 */
async function beginOne(kind: Kind, key: string): Promise<ThrottleVerdict> {
  const reserve = kind === "account" ? reserveAccount : reserveAddress;
  const deadline = Date.now() + maxWaitMs;
  let waitMs = firstWaitMs;
  for (;;) {
    const result = await reserve(key);
    if (result.reserved) {
      let done = false;
      return {
        allowed: true,
        async release(outcome) {
          if (done) return;
          done = true;
          await runTogether(releaseStatements(kind, key, outcome));
        },
        releaseStatements(outcome) {
          if (done) return [];
          done = true;
          return releaseStatements(kind, key, outcome);
        },
      };
    }
    if (!result.busy) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
    if (Date.now() > deadline) return { allowed: false, retryAfterSeconds: 1 };
    await new Promise((resolve) => setTimeout(resolve, waitMs * (0.75 + Math.random() / 2)));
    waitMs = Math.min(waitMs * 2, longestWaitMs);
  }
}

/**
 * Takes a slot on the account's counter and, when the client's address is known, on the
 * account-and-address counter. Refused when either says to wait (the longer wait is given).
 */
export async function beginAttempt(
  scope: "user" | "operator",
  username: string,
  clientIp: string | null,
): Promise<ThrottleVerdict> {
  const account = await beginOne("account", accountThrottleKey(scope, username));
  if (!account.allowed || clientIp === null) return account;
  const address = await beginOne("address", throttleKey(scope, username, clientIp));
  if (!address.allowed) {
    await account.release("error");
    return address;
  }
  return {
    allowed: true,
    async release(outcome) {
      await Promise.all([account.release(outcome), address.release(outcome)]);
    },
    releaseStatements(outcome) {
      return [...account.releaseStatements(outcome), ...address.releaseStatements(outcome)];
    },
  };
}
