import "server-only";
import { env } from "@/lib/env";
import { escapeForLog } from "@/lib/log-escape";

// Structured one-line JSON logs on stdout. Callers pass facts, never passwords or tokens.
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (levels[level] < levels[env.LOG_LEVEL]) return;
  // JSON.stringify already escapes C0 controls (so a field's "\n" cannot end the line) but writes
  // DEL, C1 controls, U+2028/U+2029 and bidi overrides as they are, and a terminal or log viewer
  // acts on those. They can only occur inside JSON strings, so escaping the whole line as
  // \uXXXX keeps it valid JSON that parses back to exactly the same fields, string fields at any
  // depth (and keys and msg) included.
  const line = escapeForLog(
    JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }),
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

/** The message of an unknown error, for logs only (never for responses). */
export function errorMessage(err: unknown) {
  return err instanceof Error ? err.message : String(err);
}
