import "server-only";
import type { OperatorSession } from "@/lib/auth/sessions";
import { recordAudit, type AuditEntry } from "@/lib/audit";
import type { RateLimitRule } from "@/lib/api/rate-limit";

// Shared pieces of the /api/admin/ops/* route handlers.

/** Reads: the console loads nine panels and polls build progress every second. */
export const opsReadLimit: RateLimitRule = { name: "ops-read", max: 300, windowSeconds: 60 };
/** Actions that change the server: service actions, checkpoint, backup, cache clear, build. */
export const opsActionLimit: RateLimitRule = { name: "ops-action", max: 30, windowSeconds: 60 };

/**
 * One audit event per console action: who, what, on which target, and how it ended. An
 * operator's refused actions are not folded like anonymous refusals: each is its own row.
 */
export function auditAction(
  session: OperatorSession,
  ip: string | null,
  action: string,
  target: string | null,
  outcome: AuditEntry["outcome"],
  detail?: AuditEntry["detail"],
) {
  return recordAudit({
    actor: session.username,
    action,
    target,
    outcome,
    clientIp: ip,
    detail,
    fold: false,
  });
}
