import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A RETURNING item that lets the statement commit without waiting for its WAL to reach the disk
 * (`synchronous_commit = off` for that statement's own transaction; the session keeps `on`).
 * For bookkeeping that may be lost in a power cut (rate-limit counters, sign-in throttle slots),
 * never for anything a user saved or an audit event: after a crash the last such commits can be
 * missing, the database stays consistent, and the next ordinary commit flushes them with its own.
 * Each one saves a disk flush: 5-8 ms on these machines, during which the embedded database's
 * single backend answers nobody else (a sign-in made three of them, now one).
 * Only in a statement run on its own, never inside a transaction, which it would relax whole.
 */
export const commitWithoutFlush = Prisma.sql`set_config('synchronous_commit', 'off', true) AS "commitWithoutFlush"`;
