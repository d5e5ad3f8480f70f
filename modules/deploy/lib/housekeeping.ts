import "server-only";
import { pruneRateLimitCounters } from "@/lib/api/rate-limit";
import { getDb } from "@/lib/db/client";
import { pruneReservations } from "@/modules/power-dial/lib/reservations";
import { env } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import { pruneRecordings } from "@/modules/recordings/lib/retention";
import { upgradeLegacyRecoveryCodes } from "@/lib/two-factor/recovery-codes";

const hourMs = 3_600_000;
const RECORDINGS_PER_RUN = 200;

/**
 * Deletes sessions expired for a day, throttle and rate-limit counters whose window closed,
 * expired power-dial reservations, audit events older than AUDIT_RETENTION_DAYS and the audio of
 * recordings older than RECORDING_RETENTION_DAYS (modules/recordings/lib/retention.ts), and wraps
 * recovery codes stored as bare SHA-256 in argon2id (lib/two-factor/recovery-codes.ts). At most `limit` rows per table (the cron route
 * passes HOUSEKEEPING_BATCH so one call stays short; `more` says another call has work). Only
 * rows past a cut-off are deleted, so it is idempotent, and concurrent runs are safe: PostgreSQL
 * lets each row be deleted once, the other run simply counts fewer.
 */
export async function pruneExpiredAuthRows(now = new Date(), limit?: number) {
  const db = await getDb();
  const dayAgo = new Date(now.getTime() - 24 * hourMs);
  const windowClosed = new Date(now.getTime() - env.LOGIN_WINDOW_MINUTES * 60_000 - hourMs);
  const auditCutoff = new Date(now.getTime() - env.AUDIT_RETENTION_DAYS * 24 * hourMs);
  const [sessions, counters, rateLimits, reservations, audit, recordings] = await Promise.all([
    db.session.deleteMany({ where: { expiresAt: { lt: dayAgo } }, limit }),
    db.loginThrottle.deleteMany({
      where: {
        windowStart: { lt: windowClosed },
        OR: [{ lockedUntil: null }, { lockedUntil: { lt: windowClosed } }],
      },
      limit,
    }),
    pruneRateLimitCounters(now, limit),
    pruneReservations(now, limit),
    db.auditEvent.deleteMany({
      where: { OR: [{ lastAt: { lt: auditCutoff } }, { lastAt: null, at: { lt: auditCutoff } }] },
      limit,
    }),
    // Each recording is a store call (a folder, or a listing and a delete on S3): fewer per run.
    pruneRecordings(now, Math.min(limit ?? RECORDINGS_PER_RUN, RECORDINGS_PER_RUN)),
  ]);
  // A hash each: after the deletes, not beside them.
  const recoveryCodes = await upgradeLegacyRecoveryCodes(Math.min(limit ?? 200, 200));
  const counts = {
    sessions: sessions.count,
    counters: counters.count,
    rateLimits,
    reservations,
    audit: audit.count,
    recordings,
    recoveryCodes,
  };
  const more = limit !== undefined && Object.values(counts).some((n) => n >= limit);
  return { ...counts, more };
}

/** Prunes now and then hourly, without keeping the process alive (long-running server only). */
export function scheduleHousekeeping() {
  const run = () =>
    pruneExpiredAuthRows().catch((err) =>
      log.warn("housekeeping failed", { error: errorMessage(err) }),
    );
  void run();
  setInterval(run, hourMs).unref();
}
