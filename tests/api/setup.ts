// Runs before each API test file: gives the file a private embedded database unless
// DATABASE_URL points the suite at a real PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

if (!process.env.DATABASE_URL) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-api-"));
  process.env.DATA_DIR = dir;
  afterAll(async () => {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  });
} else {
  afterAll(async () => {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
  });
}
process.env.LOG_LEVEL ??= "silent";
