import "server-only";
import { env } from "@/lib/env";

// Structured one-line JSON logs on stdout. Callers pass facts, never passwords or tokens.
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (levels[level] < levels[env.LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
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
