import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { escapeForLog } from "@/lib/log-escape";
import { auditLine } from "./audit-line";
import { redactSecrets } from "./redact";
import type { LogTarget } from "./schemas";
import { tailFile } from "./tail";

// Log targets are names, never paths: each maps to a file set in the configuration, or to the
// audit events in the database.

export type LogRead = {
  ok: boolean;
  log: string;
  error?: string;
  truncated?: boolean;
  /** The file does not exist (yet): not an error, an empty log. */
  missing?: boolean;
};

const files: Record<Exclude<LogTarget, "auth_audit">, () => string> = {
  apache_error: () => env.OPS_LOG_APACHE_ERROR,
  apache_access: () => env.OPS_LOG_APACHE_ACCESS,
};

export async function readLog(target: LogTarget, lines: number): Promise<LogRead> {
  if (target === "auth_audit") {
    return { ok: true, log: await auditLines(lines, { authOnly: true }) };
  }
  const file = files[target]();
  try {
    const tail = await tailFile(file, lines);
    // A web server's log holds text from outside (URLs, headers, scripts' stderr) that the
    // console must show, not act on.
    const text = tail.lines.map(escapeForLog).join("\n");
    return { ok: true, log: redactSecrets(text), truncated: tail.truncated };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A server without Apache has no Apache log: that is a fact to state calmly, not a failure.
    if (code === "ENOENT") return { ok: true, log: "", missing: true };
    const reason =
      code === "ENOENT"
        ? "file not found"
        : code === "EACCES" || code === "EPERM"
          ? "permission denied"
          : code === "EISDIR"
            ? "not a file"
            : "cannot be read";
    return { ok: false, log: "", error: `Log ${target} (${file}): ${reason}` };
  }
}

const authActions = ["auth.", "admin.login", "email.", "user.", "operator."];

/**
 * The newest audit events, oldest first, one line each (./audit-line.ts: every value quoted or
 * escaped, so a hostile username can neither start a line nor add a field of its own).
 */
export async function auditLines(count: number, { authOnly = false } = {}): Promise<string> {
  const db = await getDb();
  const rows = await db.auditEvent.findMany({
    where: authOnly
      ? { OR: authActions.map((prefix) => ({ action: { startsWith: prefix } })) }
      : undefined,
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: count,
  });
  return rows.reverse().map(auditLine).join("\n");
}
