import "server-only";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { backupDir, dataDir, env } from "@/lib/env";
import { formatBytes } from "./format";
import { maskUrl } from "./redact";
import { envPanelMax } from "./schemas";

// Read-only facts about the process, the host and the configuration for the console's panels.

export function metrics() {
  const memory = process.memoryUsage();
  return {
    process: { pid: process.pid, uptimeSec: Math.round(process.uptime()) },
    memory: { rss: memory.rss, heapUsed: memory.heapUsed },
    load: os.loadavg().map((n) => Math.round(n * 100) / 100),
    cpus: os.cpus().length,
  };
}

export function sysinfo() {
  return {
    platform: os.platform(),
    release: os.release(),
    arch: os.arch(),
    hostname: os.hostname(),
    uptimeSec: Math.round(os.uptime()),
    totalMem: os.totalmem(),
  };
}

type FsFigures = { freeBytes: number; totalBytes: number; usedPercent: number };

/**
 * The file system holding `dir`: the spec's text ("12.3 GiB free of 50.0 GiB (75% used)") and
 * its figures, which the console formats for the reader's language; null figures: unavailable.
 */
async function describeFs(dir: string): Promise<{ text: string; figures: FsFigures | null }> {
  try {
    // DATA_DIR may not exist yet (PostgreSQL, nothing written): its nearest existing parent
    // lives on the same file system.
    let existing = path.resolve(dir);
    while (!(await fs.stat(existing).catch(() => null)) && path.dirname(existing) !== existing) {
      existing = path.dirname(existing);
    }
    const s = await fs.statfs(existing);
    const total = s.blocks * s.bsize;
    const free = s.bavail * s.bsize;
    const used = total - s.bfree * s.bsize;
    const pct = total > 0 ? Math.round((used / total) * 100) : 0;
    return {
      text: `${formatBytes(free)} free of ${formatBytes(total)} (${pct}% used)`,
      figures: { freeBytes: free, totalBytes: total, usedPercent: pct },
    };
  } catch {
    return { text: "unavailable", figures: null };
  }
}

export async function disk() {
  const [root, data] = await Promise.all([describeFs("/"), describeFs(dataDir)]);
  return { root: root.text, data: data.text, figures: { root: root.figures, data: data.figures } };
}

async function readVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await fs.readFile(path.join(process.cwd(), "package.json"), "utf8"));
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

let cachedVersion: string | undefined;
export async function version() {
  const current = (cachedVersion ??= await readVersion());
  return { version: current, commit: env.SOURCE_COMMIT ?? "unknown" };
}

const hidden = "•••••• (set)";
const secretOrUnset = (value: string | undefined, whenUnset: string) =>
  value ? hidden : whenUnset;

/**
 * The app's own settings as the console shows them: a fixed list (never process.env), every
 * secret masked, at most envPanelMax entries.
 */
export function envPanel(): Record<string, string> {
  const entries: [string, string][] = [
    ["NODE_ENV", env.NODE_ENV],
    ["PORT", String(env.PORT)],
    ["APP_URL", env.APP_URL ?? "(default)"],
    ["DATA_DIR", dataDir],
    ["DATABASE_URL", env.DATABASE_URL ? maskUrl(env.DATABASE_URL) : "(embedded PGlite)"],
    ["AUTH_SECRET", secretOrUnset(env.AUTH_SECRET, "(generated in DATA_DIR)")],
    ["OPERATOR_SESSION_MINUTES", String(env.OPERATOR_SESSION_MINUTES)],
    ["USER_SESSION_HOURS", String(env.USER_SESSION_HOURS)],
    ["TRUSTED_PROXY_HOPS", String(env.TRUSTED_PROXY_HOPS)],
    ["SMTP_URL", env.SMTP_URL ? maskUrl(env.SMTP_URL) : "(outbox)"],
    ["PLACES_API_KEY", secretOrUnset(env.PLACES_API_KEY, "(demo provider)")],
    ["LOG_LEVEL", env.LOG_LEVEL],
    ["DIAL_MAX_LINES", String(env.DIAL_MAX_LINES)],
    // Not OPS_SERVICES: the console hints that actions are allow-listed but does not show the list.
    ["OPS_LOG_APACHE_ERROR", env.OPS_LOG_APACHE_ERROR],
    ["OPS_SYSTEMCTL", env.OPS_SYSTEMCTL],
    ["OPS_BACKUP_DIR", backupDir],
    ["OPS_BACKUP_KEEP", String(env.OPS_BACKUP_KEEP)],
    ["OPS_BUILD_COMMAND", env.OPS_BUILD_COMMAND ? "(configured)" : "(unset)"],
    ["OPS_DEPLOY_COMMAND", env.OPS_DEPLOY_COMMAND ? "(configured)" : "(unset)"],
  ];
  return Object.fromEntries(entries.slice(0, envPanelMax));
}
