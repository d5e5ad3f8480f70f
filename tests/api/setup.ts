// Runs before each API test file: gives the file a private embedded database (a copy of the
// migrated template) unless DATABASE_URL points the suite at a real PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";

process.env.LOG_LEVEL ??= "silent";
const template = inject("templateDataDir");
let dir: string | undefined;

if (!process.env.DATABASE_URL && template) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-api-"));
  fs.cpSync(template, dir, { recursive: true });
  process.env.DATA_DIR = dir;
}

beforeAll(async () => {
  const { getDb } = await import("@/lib/db/client");
  await getDb();
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
