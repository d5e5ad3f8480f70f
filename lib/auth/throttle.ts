import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";

// Failed-login counters in the database, so every app instance shares them. An attempt is
// counted *before* the password is checked, in one atomic upsert, so that concurrent attempts
// cannot all slip under the limit; a successful login clears the counter.

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function throttleKey(scope: "user" | "operator", username: string, ip: string) {
  return `${scope}:${username.toLowerCase()}:${ip}`;
}

export async function countAttempt(key: string): Promise<ThrottleVerdict> {
  const db = await getDb();
  const windowMs = env.LOGIN_WINDOW_MINUTES * 60_000;
  const windowStartCutoff = new Date(Date.now() - windowMs);
  const now = new Date();
  const rows = await db.$queryRaw<{ failures: number; windowStart: Date }[]>`
    INSERT INTO "LoginThrottle" ("key", "failures", "windowStart", "updatedAt")
    VALUES (${key}, 1, ${now}, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "LoginThrottle"."windowStart" < ${windowStartCutoff}
                        THEN 1 ELSE "LoginThrottle"."failures" + 1 END,
      "windowStart" = CASE WHEN "LoginThrottle"."windowStart" < ${windowStartCutoff}
                           THEN ${now} ELSE "LoginThrottle"."windowStart" END,
      "updatedAt" = ${now}
    RETURNING "failures", "windowStart"`;
  const row = rows[0]!;
  if (row.failures <= env.LOGIN_MAX_FAILURES) return { allowed: true };
  const retryAt = new Date(row.windowStart).getTime() + windowMs;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)),
  };
}

export async function clearAttempts(key: string) {
  const db = await getDb();
  await db.loginThrottle.deleteMany({ where: { key } });
}
