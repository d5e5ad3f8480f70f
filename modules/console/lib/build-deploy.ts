import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@/lib/db/client";
import { env, inheritedEnv, servedDistDir } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import { redactSecrets } from "./redact";
import { runCommand } from "./run-command";
import type { BuildDeployResult, BuildStatus } from "./schemas";

// Build & deploy: OPS_BUILD_COMMAND then OPS_DEPLOY_COMMAND, argv arrays without a shell, each
// with its time-out. One run at a time across every instance: the OpsRun row is the lock. The
// build writes into a staging distDir (NEXT_DIST_DIR for the child), never the one this server
// serves from; the deploy command gets the same directory to put in place.

const job = "build-deploy";
const keptLines = 20;

export function buildConfig() {
  const missing = [
    env.OPS_BUILD_COMMAND ? null : "OPS_BUILD_COMMAND",
    env.OPS_DEPLOY_COMMAND ? null : "OPS_DEPLOY_COMMAND",
  ].filter((v): v is string => v !== null);
  return { configured: missing.length === 0, missing };
}

export const stagingDir = () => path.resolve(env.OPS_BUILD_DIST_DIR);

export type StartRefusal = {
  refused: "not_configured" | "busy" | "unsafe_dist_dir";
  message: string;
};

async function acquire(operator: string, runId: string): Promise<boolean> {
  const db = await getDb();
  const now = new Date();
  const leaseMs = (env.OPS_BUILD_TIMEOUT_SECONDS + env.OPS_DEPLOY_TIMEOUT_SECONDS + 120) * 1000;
  const expiresAt = new Date(now.getTime() + leaseMs);
  // One statement: either this run takes the row, or the live run keeps it (no row returned).
  const rows = await db.$queryRaw<{ runId: string }[]>`
    INSERT INTO "OpsRun" ("name", "runId", "operator", "phase", "startedAt", "updatedAt", "expiresAt", "finishedAt", "lines", "result")
    VALUES (${job}, ${runId}::uuid, ${operator}, 'build', ${now}, ${now}, ${expiresAt}, NULL, '[]'::jsonb, NULL)
    ON CONFLICT ("name") DO UPDATE SET
      "runId" = EXCLUDED."runId", "operator" = EXCLUDED."operator", "phase" = 'build',
      "startedAt" = EXCLUDED."startedAt", "updatedAt" = EXCLUDED."updatedAt",
      "expiresAt" = EXCLUDED."expiresAt", "finishedAt" = NULL, "lines" = '[]'::jsonb, "result" = NULL
    WHERE "OpsRun"."finishedAt" IS NOT NULL OR "OpsRun"."expiresAt" <= ${now}
    RETURNING "runId"::text AS "runId"`;
  return rows[0]?.runId === runId;
}

async function listAssets(dir: string) {
  const root = await fs
    .stat(path.join(dir, "static"))
    .then((s) => (s.isDirectory() ? path.join(dir, "static") : dir))
    .catch(() => dir);
  const assets: { path: string; size: number }[] = [];
  async function walk(current: string, depth: number) {
    if (depth > 8 || assets.length >= 200) return;
    let entries;
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (assets.length >= 200) return;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "cache") await walk(full, depth + 1);
      } else if (entry.isFile()) {
        const { size } = await fs.stat(full);
        assets.push({ path: path.relative(dir, full), size });
      }
    }
  }
  await walk(root, 0);
  return assets;
}

/** Runs build then deploy, or says why it cannot start. Never throws for a failed command. */
export async function runBuildDeploy(operator: string): Promise<BuildDeployResult | StartRefusal> {
  const { configured, missing } = buildConfig();
  if (!configured) {
    return {
      refused: "not_configured",
      message: `Build & deploy is not configured: set ${missing.join(" and ")}`,
    };
  }
  const staging = stagingDir();
  if (staging === servedDistDir) {
    return {
      refused: "unsafe_dist_dir",
      message: "OPS_BUILD_DIST_DIR must not be the directory the running server serves from",
    };
  }
  const runId = crypto.randomUUID();
  if (!(await acquire(operator, runId))) {
    return {
      refused: "busy",
      message: "A build & deploy is already running; wait for it to finish",
    };
  }

  const db = await getDb();
  const lines: string[] = [];
  let phase: "build" | "deploy" = "build";
  let lastFlush = 0;
  let flushing: Promise<unknown> = Promise.resolve();
  const flush = (force = false) => {
    if (!force && Date.now() - lastFlush < 500) return;
    lastFlush = Date.now();
    const data = { phase, lines: [...lines], updatedAt: new Date() };
    flushing = flushing
      .then(() => db.opsRun.updateMany({ where: { name: job, runId }, data }))
      .catch((err) => log.warn("build progress write failed", { error: errorMessage(err) }));
  };
  const onLine = (line: string) => {
    const clean = redactSecrets(line).slice(0, 500);
    if (!clean.trim()) return;
    lines.push(clean);
    if (lines.length > keptLines) lines.shift();
    flush();
  };
  const childEnv = { ...inheritedEnv(), NEXT_DIST_DIR: staging, OPS_BUILD_DIST_DIR: staging };
  const started = Date.now();
  const result: BuildDeployResult = {
    ok: false,
    error: null,
    ms: 0,
    assets: [],
    build: { ms: 0 },
    deploy: { ms: 0 },
  };

  const step = async (argv: string[], timeoutSeconds: number) => {
    const [file, ...args] = argv as [string, ...string[]];
    const run = await runCommand(file, args, {
      timeoutMs: timeoutSeconds * 1000,
      maxOutputBytes: 64 * 1024,
      env: childEnv,
      cwd: process.cwd(),
      onLine,
    });
    if (!run.started)
      return { ms: run.ms, error: `${phase}: ${file} could not be started (${run.startError})` };
    if (run.timedOut) return { ms: run.ms, error: `${phase} timed out after ${timeoutSeconds} s` };
    if (run.exitCode !== 0) {
      return { ms: run.ms, error: `${phase} exited with ${run.exitCode ?? run.signal}` };
    }
    return { ms: run.ms, error: null };
  };

  try {
    flush(true);
    const build = await step(env.OPS_BUILD_COMMAND!, env.OPS_BUILD_TIMEOUT_SECONDS);
    result.build.ms = build.ms;
    result.error = build.error;
    if (!build.error) {
      result.assets = await listAssets(staging);
      phase = "deploy";
      flush(true);
      const deploy = await step(env.OPS_DEPLOY_COMMAND!, env.OPS_DEPLOY_TIMEOUT_SECONDS);
      result.deploy.ms = deploy.ms;
      result.error = deploy.error;
    }
    result.ok = result.error === null;
  } catch (err) {
    log.error("build & deploy crashed", { error: errorMessage(err) });
    result.error = "Build & deploy stopped on an internal error";
  } finally {
    result.ms = Date.now() - started;
    await flushing;
    const now = new Date();
    await db.opsRun.updateMany({
      where: { name: job, runId },
      data: {
        phase: result.ok ? "done" : "failed",
        lines: [...lines],
        result,
        updatedAt: now,
        finishedAt: now,
      },
    });
  }
  return result;
}

export async function buildStatus(now = new Date()): Promise<BuildStatus> {
  const db = await getDb();
  const row = await db.opsRun.findUnique({ where: { name: job } });
  const { configured, missing } = buildConfig();
  if (!row) {
    return {
      configured,
      missing,
      running: false,
      phase: "idle",
      operator: null,
      startedAt: null,
      elapsedMs: null,
      lines: [],
      result: null,
    };
  }
  const running = row.finishedAt === null && row.expiresAt > now;
  const phase = (
    running ? row.phase : row.finishedAt ? row.phase : "failed"
  ) as BuildStatus["phase"];
  const end = running ? now : (row.finishedAt ?? row.expiresAt);
  return {
    configured,
    missing,
    running,
    phase,
    operator: row.operator,
    startedAt: row.startedAt.toISOString(),
    elapsedMs: end.getTime() - row.startedAt.getTime(),
    lines: Array.isArray(row.lines) ? (row.lines as string[]) : [],
    result: (row.result as BuildDeployResult | null) ?? null,
  };
}
