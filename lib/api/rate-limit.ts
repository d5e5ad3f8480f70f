import "server-only";
import { getDb } from "@/lib/db/client";
import { commitWithoutFlush } from "@/lib/db/relaxed-commit";
import { ApiError } from "./errors";

// Fixed-window counters in the database, so that every app instance enforces the same limit.
// One atomic upsert counts the request and reads the total: concurrent requests cannot all slip
// under the limit. Counters are bookkeeping: they commit without a disk flush (relaxed-commit.ts).

export type RateLimitRule = {
  /** Names the counter; two routes with the same name share one budget. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
};

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function hitRateLimit(
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const db = await getDb();
  const key = `${rule.name}:${subject}`;
  const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000);
  const rows = await db.$queryRaw<{ hits: number; windowEnd: Date }[]>`
    INSERT INTO "RateLimitCounter" ("key", "hits", "windowEnd")
    VALUES (${key}, 1, ${windowEnd})
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "RateLimitCounter"."windowEnd" <= ${now}
                    THEN 1 ELSE "RateLimitCounter"."hits" + 1 END,
      "windowEnd" = CASE WHEN "RateLimitCounter"."windowEnd" <= ${now}
                         THEN ${windowEnd} ELSE "RateLimitCounter"."windowEnd" END
    RETURNING "hits", "windowEnd", ${commitWithoutFlush}`;
  const row = rows[0]!;
  if (row.hits <= rule.max) return { allowed: true };
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((new Date(row.windowEnd).getTime() - now.getTime()) / 1000),
  );
  return { allowed: false, retryAfterSeconds };
}

/** Counts one request against `rule` for `subject`; throws a 429 with Retry-After past the limit. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string) {
  const verdict = await hitRateLimit(rule, subject);
  if (!verdict.allowed) {
    throw new ApiError("rate_limited", "Too many requests. Try again later.", {
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }
}

/** Deletes counters whose window has closed (at most `limit` of them when given). */
export async function pruneRateLimitCounters(now = new Date(), limit?: number) {
  const db = await getDb();
  const { count } = await db.rateLimitCounter.deleteMany({
    where: { windowEnd: { lt: now } },
    limit,
  });
  return count;
}
