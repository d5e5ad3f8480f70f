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
};

/**
 * Appends to the audit trail. Never throws: a failed audit write is logged, not fatal.
 * Scripts pass their own client; the server uses its process-wide one.
 */
export async function recordAudit(entry: AuditEntry, client?: Db) {
  try {
    const db = client ?? (await getDb());
    await db.auditEvent.create({ data: { ...entry, target: entry.target ?? null } });
  } catch (err) {
    log.error("audit write failed", { action: entry.action, error: errorMessage(err) });
  }
}
