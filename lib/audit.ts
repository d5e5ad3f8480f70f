import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
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
};

/** Refusals from one source and of one kind within this window share one row. */
export const foldWindowMs = 10 * 60_000;
const foldedOutcomes = new Set<AuditEntry["outcome"]>(["failure", "denied", "throttled"]);

/** The row a refusal folds into: action, outcome, source and 10-minute window; null for the rest. */
export function foldKeyOf(entry: AuditEntry, now = new Date()) {
  if (entry.fold === false || !foldedOutcomes.has(entry.outcome) || !entry.clientIp) return null;
  const window = Math.floor(now.getTime() / foldWindowMs);
  return `${entry.action}:${entry.outcome}:${entry.clientIp}:${window}`;
}

/**
 * Appends to the audit trail. Never throws: a failed audit write is logged, not fatal.
 * Scripts pass their own client; the server uses its process-wide one. Repeated refusals
 * (failures, denials, throttling) from one source are counted on one row per 10 minutes, so an
 * unauthenticated client cannot grow the table without bound; the row keeps the first event's
 * details, the latest time and the count.
 */
export async function recordAudit(entry: AuditEntry, client?: Db) {
  try {
    const db = client ?? (await getDb());
    const now = new Date();
    const foldKey = foldKeyOf(entry, now);
    if (!foldKey) {
      const { fold: _fold, ...data } = entry;
      await db.auditEvent.create({ data: { ...data, target: entry.target ?? null } });
      return;
    }
    const detail = entry.detail === undefined ? null : JSON.stringify(entry.detail);
    await db.$executeRaw`
      INSERT INTO "AuditEvent"
        ("at", "actor", "action", "target", "outcome", "clientIp", "detail", "count", "lastAt", "foldKey")
      VALUES (${now}, ${entry.actor}, ${entry.action}, ${entry.target ?? null}, ${entry.outcome},
        ${entry.clientIp}, ${detail}::jsonb, 1, ${now}, ${foldKey})
      ON CONFLICT ("foldKey") DO UPDATE SET
        "count" = "AuditEvent"."count" + 1,
        "lastAt" = EXCLUDED."lastAt"`;
  } catch (err) {
    log.error("audit write failed", { action: entry.action, error: errorMessage(err) });
  }
}
