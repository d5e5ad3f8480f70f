import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { getDb, getDbState } from "@/lib/db/client";
import { backupDir, childPath, env } from "@/lib/env";
import { errorMessage, log } from "@/lib/log";
import { pgConnectionEnv } from "./pg-env";
import { redactSecrets } from "./redact";
import { runCommand } from "./run-command";

// DB Summary panel, CHECKPOINT and backups. Backups: PGlite's own data-directory dump for the
// embedded database, pg_dump's custom format for PostgreSQL (restore: scripts/db-restore.ts).

export type Engine = "pglite" | "postgresql";

export async function engine(): Promise<Engine> {
  const state = await getDbState();
  return state.connection.mode === "postgres" ? "postgresql" : "pglite";
}

export async function dbSummary() {
  const db = await getDb();
  const [users, adminUsers, organizations, size] = await Promise.all([
    db.user.count(),
    db.operator.count(),
    db.organization.count(),
    db.$queryRaw<{ size: bigint | number }[]>`SELECT pg_database_size(current_database()) AS size`,
  ]);
  return {
    users,
    adminUsers,
    organizations,
    sizeBytes: Number(size[0]?.size ?? 0),
    engine: await engine(),
  };
}

export async function checkpoint(): Promise<
  { ok: true; ms: number } | { ok: false; error: string }
> {
  const started = Date.now();
  try {
    const db = await getDb();
    await db.$executeRawUnsafe("CHECKPOINT");
    return { ok: true, ms: Date.now() - started };
  } catch (err) {
    const message = errorMessage(err);
    log.warn("checkpoint failed", { error: message });
    if (/permission denied|must be superuser|pg_checkpoint|42501/i.test(message)) {
      return {
        ok: false,
        error:
          "The database role lacks the right to run CHECKPOINT (it needs superuser or the pg_checkpoint role)",
      };
    }
    return { ok: false, error: "CHECKPOINT failed" };
  }
}

export const backupNamePattern =
  /^dialflow-(pglite|postgresql)-(\d{8}-\d{6}-\d{3})\.(tar\.gz|dump)$/;

function stamp(now: Date) {
  const iso = now.toISOString(); // 2026-11-23T12:34:56.789Z
  return `${iso.slice(0, 10).replace(/-/g, "")}-${iso.slice(11, 19).replace(/:/g, "")}-${iso.slice(20, 23)}`;
}

export type BackupFile = { name: string; size: number; createdAt: string };
export type BackupResult =
  { ok: true; engine: Engine; file: BackupFile; removed: string[] } | { ok: false; error: string };

export async function backup(now = new Date()): Promise<BackupResult> {
  const kind = await engine();
  await fs.mkdir(backupDir, { recursive: true, mode: 0o700 });
  const name = `dialflow-${kind}-${stamp(now)}.${kind === "pglite" ? "tar.gz" : "dump"}`;
  const target = path.join(backupDir, name);
  const partial = `${target}.partial`;
  try {
    if (kind === "pglite") {
      const state = await getDbState();
      const dump = state.connection.dumpDataDir;
      if (!dump) return { ok: false, error: "The embedded database is not open in this process" };
      const blob = await dump();
      await fs.writeFile(partial, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    } else {
      const run = await runCommand(
        env.OPS_PG_DUMP,
        ["--format=custom", "--no-password", `--file=${partial}`],
        {
          timeoutMs: 30 * 60_000,
          maxOutputBytes: 8 * 1024,
          // Connection and password through the environment: never on the command line, where
          // any local user could read them in the process list.
          env: { PATH: childPath, LANG: "C", ...pgConnectionEnv(env.DATABASE_URL!) },
        },
      );
      if (!run.started) return { ok: false, error: `${env.OPS_PG_DUMP} is not installed` };
      if (run.timedOut || run.exitCode !== 0) {
        await fs.rm(partial, { force: true });
        const why = redactSecrets(run.output.trim()).split("\n").slice(-3).join(" ");
        return { ok: false, error: `pg_dump failed${why ? `: ${why}` : ""}` };
      }
      await fs.chmod(partial, 0o600);
    }
    await fs.rename(partial, target);
  } catch (err) {
    await fs.rm(partial, { force: true });
    log.error("backup failed", { error: errorMessage(err) });
    return { ok: false, error: "Backup could not be written" };
  }
  const { size } = await fs.stat(target);
  const removed = await pruneBackups(env.OPS_BACKUP_KEEP);
  return { ok: true, engine: kind, file: { name, size, createdAt: now.toISOString() }, removed };
}

/** Keeps the newest `keep` backups (the names sort by time) and deletes the rest. */
export async function pruneBackups(keep: number): Promise<string[]> {
  const names = (await fs.readdir(backupDir)).filter((n) => backupNamePattern.test(n));
  const byAge = names.sort((a, b) => {
    const ta = backupNamePattern.exec(a)![2]!;
    const tb = backupNamePattern.exec(b)![2]!;
    return tb.localeCompare(ta);
  });
  const old = byAge.slice(keep);
  for (const n of old) await fs.rm(path.join(backupDir, n), { force: true });
  return old;
}
