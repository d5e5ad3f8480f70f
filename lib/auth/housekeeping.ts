import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";

const hourMs = 3_600_000;

/** Deletes sessions expired for a day and throttle counters whose window closed long ago. */
export async function pruneExpiredAuthRows(now = new Date()) {
  const db = await getDb();
  const dayAgo = new Date(now.getTime() - 24 * hourMs);
  const windowClosed = new Date(now.getTime() - env.LOGIN_WINDOW_MINUTES * 60_000 - hourMs);
  const [sessions, counters] = await Promise.all([
    db.session.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.loginThrottle.deleteMany({ where: { windowStart: { lt: windowClosed } } }),
  ]);
  return { sessions: sessions.count, counters: counters.count };
}

/** Prunes now and then hourly, without keeping the process alive. */
export function scheduleHousekeeping() {
  const run = () =>
    pruneExpiredAuthRows().catch((err) =>
      log.warn("housekeeping failed", { error: errorMessage(err) }),
    );
  void run();
  setInterval(run, hourMs).unref();
}
