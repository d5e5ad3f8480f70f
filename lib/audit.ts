import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { errorMessage, log } from "@/lib/log";

export type AuditEntry = {
  actor: string;
  action: string;
  outcome: "success" | "failure" | "denied" | "throttled" | "error";
  target?: string | null;
  clientIp?: string | null;
  detail?: Prisma.InputJsonValue;
  /**
   * Refusals fold by default (they are what an anonymous client can repeat without bound).
   * Actions of a signed-in operator are each kept as their own row: `fold: false`.
   */
  fold?: false;
  /**
   * Successes that repeat by design (a player's range requests while one recording plays) name
   * what they repeat: one row per action, this key and 10-minute window, counting the rest.
   */
  repeatOf?: string;
};

/** Refusals from one source and of one kind within this window share one row. */
export const foldWindowMs = 10 * 60_000;
const foldedOutcomes = new Set<AuditEntry["outcome"]>(["failure", "denied", "throttled"]);

/**
 * The row an event folds into: a refusal's action, outcome, source and 10-minute window, or a
 * repeated success's `repeatOf`; null for the rest. Refusals from no known address (`next start`
 * with no proxy configured) share one row per window: counting them by anything they send (a
 * username, a header) would let one client write as many rows as it likes.
 */
export function foldKeyOf(entry: AuditEntry, now = new Date()) {
  const window = Math.floor(now.getTime() / foldWindowMs);
  if (entry.repeatOf) return `${entry.action}:${entry.outcome}:${entry.repeatOf}:${window}`;
  if (entry.fold === false || !foldedOutcomes.has(entry.outcome)) return null;
  return `${entry.action}:${entry.outcome}:${entry.clientIp ?? "no-address"}:${window}`;
}

/**
 * The INSERT that appends `entry` (folding a repeated refusal into its row), for callers that
 * write it in one statement with their own changes (sign-in: with the session it opens).
 */
export function auditStatement(entry: AuditEntry, now = new Date()) {
  const foldKey = foldKeyOf(entry, now);
  const detail = entry.detail === undefined ? null : JSON.stringify(entry.detail);
  const values = Prisma.sql`(${now}, ${entry.actor}, ${entry.action}, ${entry.target ?? null},
    ${entry.outcome}, ${entry.clientIp ?? null}, ${detail}::jsonb`;
  if (!foldKey) {
    return Prisma.sql`INSERT INTO "AuditEvent"
      ("at", "actor", "action", "target", "outcome", "clientIp", "detail")
      VALUES ${values})`;
  }
  return Prisma.sql`INSERT INTO "AuditEvent"
      ("at", "actor", "action", "target", "outcome", "clientIp", "detail", "count", "lastAt", "foldKey")
    VALUES ${values}, 1, ${now}, ${foldKey})
    ON CONFLICT ("foldKey") DO UPDATE SET
      "count" = "AuditEvent"."count" + 1,
      "lastAt" = EXCLUDED."lastAt"`;
}

/**
 * Appends to the audit trail. Never throws: a failed audit write is logged, not fatal.
 * Scripts pass their own client; the server uses its process-wide one. Repeated refusals
 * (failures, denials, throttling) from one source (or from no known address) are counted on one
 * row per 10 minutes, so an unauthenticated client cannot grow the table without bound on any
 * server shape; the row keeps the first event's details, the latest time and the count.
 */
export async function recordAudit(entry: AuditEntry, client?: Db) {
  try {
    const db = client ?? (await getDb());
    await db.$executeRaw(auditStatement(entry));
  } catch (err) {
    log.error("audit write failed", { action: entry.action, error: errorMessage(err) });
  }
}
