import "server-only";
import os from "node:os";
import path from "node:path";
import { checkConfiguration, type Env } from "@/lib/env-schema";
import { distDir } from "@/scripts/dist-dir.mjs";

// The only module that reads process.env. Everything else imports `env`. The rules are in
// lib/env-schema.ts.

export type { Env };

function load(): Env {
  const { env, problems } = checkConfiguration(process.env);
  if (!env) throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  return env;
}

export const env = load();

/** Running on Vercel (its build machines and functions set VERCEL=1). */
export const isVercel = env.VERCEL === "1";
/**
 * Serverless (Vercel or RUNTIME=serverless): instances start and stop per request on a read-only
 * file system (only /tmp writable) with no timers between requests. So nothing may depend on
 * DATA_DIR (database, auth secret, outbox, recordings), migrations run in the build, and
 * housekeeping runs from the cron route instead of an in-process timer. The settings it cannot
 * do without are checked at start (lib/env-schema.ts).
 */
export const isServerless =
  env.RUNTIME === "serverless" || (env.RUNTIME === undefined && env.VERCEL === "1");
/** production, preview or development: the platform's word, else NODE_ENV's. */
export const deploymentEnv =
  env.APP_ENV ??
  env.VERCEL_ENV ??
  (env.NODE_ENV === "production" ? ("production" as const) : ("development" as const));
/** A pull request's preview deployment: shows a badge and mails only allowed domains. */
export const isPreview = deploymentEnv === "preview";
// Run-time data places, not code: /*turbopackIgnore*/ keeps the build's file tracing from taking
// their dynamic paths for files to ship (it would then ship the whole project).
export const dataDir = path.resolve(
  /*turbopackIgnore: true*/ env.DATA_DIR ??
    (isServerless ? path.join(os.tmpdir(), "dialflow") : ".data"),
);
export const isEmbedded = !env.DATABASE_URL;
export const appUrl =
  env.APP_URL ?? (env.VERCEL_URL ? `https://${env.VERCEL_URL}` : `http://localhost:${env.PORT}`);
export const backupDir = path.resolve(
  /*turbopackIgnore: true*/ env.OPS_BACKUP_DIR ?? path.join(dataDir, "backups"),
);
/** The distDir this server serves from (scripts/dist-dir.mjs). */
export const servedDistDir = path.resolve(/*turbopackIgnore: true*/ distDir);
/** PATH for the programs the operator console runs (systemctl, pg_dump) with an otherwise empty environment. */
export const childPath = process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin";
/** The whole environment, only for the operator-configured build and deploy commands. */
export const inheritedEnv = (): Record<string, string | undefined> => ({ ...process.env });

/**
 * Puts a value the server made itself (the generated auth secret) into this process's
 * environment, where proxy.ts reads it: the proxy cannot import server modules. The one write to
 * process.env, kept here beside the one read.
 */
export function shareWithProxy(name: "AUTH_SECRET", value: string) {
  process.env[name] = value;
}
