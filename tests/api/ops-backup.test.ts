// Backups: a dated file in OPS_BACKUP_DIR, the newest OPS_BACKUP_KEEP kept, and a restore of
// one gives the same counts (PGlite by default; PostgreSQL when DATABASE_URL points at it).
import "./ops-configure";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { backupNamePattern } from "@/modules/console/lib/database";
import { restorePglite, restorePostgres } from "@/modules/console/lib/restore";
import { createAccount, loginOperator, request } from "./helpers";
import { backupDirPath, removeOpsDir } from "./ops-env";

let operator: string;
const repNames: string[] = [];
beforeAll(async () => {
  operator = await loginOperator(await createAccount({ admin: true }));
  repNames.push((await createAccount()).username, (await createAccount()).username);
});
afterAll(() => removeOpsDir());

async function backupNow() {
  const { POST } = await import("@/app/api/admin/ops/db/backup/route");
  const res = await POST(request("POST", "/api/admin/ops/db/backup", { token: operator }));
  const body = (await res.json()) as {
    ok: boolean;
    engine: string;
    file: { name: string; size: number; createdAt: string };
  };
  return { status: res.status, body };
}

const countSql = `SELECT (SELECT count(*) FROM "User")::int AS users,
  (SELECT count(*) FROM "Operator")::int AS operators,
  (SELECT count(*) FROM "Organization")::int AS organizations`;

async function liveCounts() {
  const db = await getDb();
  return {
    users: await db.user.count(),
    operators: await db.operator.count(),
    organizations: await db.organization.count(),
  };
}

it("writes dated backups, keeps the newest OPS_BACKUP_KEEP (2), and audits each", async () => {
  const db = await getDb();
  const before = await db.auditEvent.count({
    where: { action: "ops.db.backup", outcome: "success" },
  });
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await backupNow();
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.file.name).toMatch(backupNamePattern);
    expect(res.body.file.size).toBeGreaterThan(1000);
    expect(Date.parse(res.body.file.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    names.push(res.body.file.name);
  }
  expect(fs.readdirSync(backupDirPath).sort()).toEqual(names.slice(1).sort());
  expect(fs.statSync(path.join(backupDirPath, names[2]!)).mode & 0o777).toBe(0o600);
  expect(
    await db.auditEvent.count({ where: { action: "ops.db.backup", outcome: "success" } }),
  ).toBe(before + 3);
});

type Counts = Awaited<ReturnType<typeof liveCounts>>;

it("restores a backup with the same counts", async () => {
  // On PostgreSQL the API files share one database and run side by side, so rows may come and go
  // between the dump and any count taken here: the restore must hold this file's rows and counts
  // between those just before and just after the dump. The embedded database is this file's own,
  // so there the counts must be equal.
  const before = await liveCounts();
  const res = await backupNow();
  const after = await liveCounts();
  const file = path.join(backupDirPath, res.body.file.name);
  expect(after.users).toBeGreaterThanOrEqual(2);
  const expectRestored = (restored: Counts, namesFound: number) => {
    expect(namesFound).toBe(repNames.length);
    if (!process.env.DATABASE_URL) return expect(restored).toEqual(after);
    for (const key of Object.keys(after) as (keyof Counts)[]) {
      expect(restored[key]).toBeGreaterThanOrEqual(Math.min(before[key], after[key]));
      expect(restored[key]).toBeLessThanOrEqual(Math.max(before[key], after[key]));
    }
  };
  const namesSql = `SELECT count(*)::int AS n FROM "User" WHERE username = ANY($1)`;

  if (!process.env.DATABASE_URL) {
    expect(res.body.engine).toBe("pglite");
    expect(after).toEqual(before);
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-restore-"));
    try {
      await restorePglite(file, target);
      const restored = new PGlite(path.join(target, "pgdata"));
      const { rows } = await restored.query<Counts>(countSql);
      const names = await restored.query<{ n: number }>(namesSql, [repNames]);
      await restored.close();
      expectRestored(rows[0]!, names.rows[0]!.n);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
    return;
  }

  expect(res.body.engine).toBe("postgresql");
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const scratch = `restore_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${scratch}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${scratch}`;
    await restorePostgres(file, url.toString());
    const check = new Client({ connectionString: url.toString() });
    await check.connect();
    const { rows } = await check.query<Counts>(countSql);
    const names = await check.query<{ n: number }>(namesSql, [repNames]);
    await check.end();
    expectRestored(rows[0]!, names.rows[0]!.n);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin.end();
  }
});

it("refuses to restore into an embedded directory a running process holds", async () => {
  if (process.env.DATABASE_URL) return expect(process.env.DATABASE_URL).toMatch(/^postgres/);
  const { dataDir } = await import("@/lib/env");
  const file = path.join(backupDirPath, fs.readdirSync(backupDirPath)[0]!);
  await expect(restorePglite(file, dataDir)).rejects.toThrow(/in use by process/);
});
