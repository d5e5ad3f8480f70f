import "server-only";
import { getDb } from "@/lib/db/client";
import { commitWithoutFlush } from "@/lib/db/relaxed-commit";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";

// Failed-login counters in the database, so every app instance shares them. Only failures
// count: a correct password is never refused because of other attempts in flight. To keep
// concurrent wrong guesses from overshooting the limit, an attempt first reserves a pending slot
// in one atomic upsert that succeeds only while failures + pending stay under the limit; the
// outcome then turns the slot into a failure or frees it. When every slot is taken by attempts
// still in flight, a new one waits for them (up to 25 s, within the 30 s request timeout).
// Reserving a slot commits without a disk flush (lib/db/relaxed-commit.ts): a slot lost in a
// crash only frees it early, and stale slots expire anyway. Failures are recorded by the release,
// with the audit event, in an ordinary commit.

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

/** A pending slot older than this belongs to a crashed process and no longer counts. */
const staleMs = 60_000;
/** Waiting attempts poll from 50 ms up to 400 ms, so a crowd of them does not starve the database. */
const firstWaitMs = 50;
const longestWaitMs = 400;
const maxWaitMs = 25_000;

export function throttleKey(scope: "user" | "operator", username: string, ip: string) {
  return `${scope}:${username.toLowerCase()}:${ip}`;
}

async function reserve(key: string) {
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
  return {
    reserved: false as const,
    busy: false as const,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)),
  };
}

function releaseStatements(key: string, outcome: "success" | "failure" | "error") {
  const now = new Date();
  if (outcome === "success") return [Prisma.sql`DELETE FROM "LoginThrottle" WHERE "key" = ${key}`];
  const failed = outcome === "failure" ? 1 : 0;
  const update = Prisma.sql`
    UPDATE "LoginThrottle" SET
      "failures" = "failures" + ${failed}::int,
      "pending" = GREATEST("pending" - 1, 0),
      "updatedAt" = ${now}
    WHERE "key" = ${key}`;
  if (!failed) return [update];
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

async function release(key: string, outcome: "success" | "failure" | "error") {
  await runTogether(releaseStatements(key, outcome));
}

/**
 * Takes a slot for one sign-in attempt, or refuses it when the failures in the window have
 * reached the limit. The caller must release the slot with the attempt's outcome.
 */
export async function beginAttempt(key: string): Promise<ThrottleVerdict> {
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
          await release(key, outcome);
        },
        releaseStatements(outcome) {
          if (done) return [];
          done = true;
          return releaseStatements(key, outcome);
        },
      };
    }
    if (!result.busy) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
    if (Date.now() > deadline) return { allowed: false, retryAfterSeconds: 1 };
    await new Promise((resolve) => setTimeout(resolve, waitMs * (0.75 + Math.random() / 2)));
    waitMs = Math.min(waitMs * 2, longestWaitMs);
  }
}
