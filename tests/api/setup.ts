// Runs before each API test file: gives the file a private embedded database (a copy of the
// migrated template) unless DATABASE_URL points the suite at a real PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { claimSocketPeerHeader } from "@/scripts/server-contract.mjs";

process.env.LOG_LEVEL ??= "silent";
// Route handlers are called as scripts/serve.mjs serves them: the client address is the socket
// peer it writes into a header (tests/api/helpers.ts sets it). A test of another deployment
// shape takes the claim back (tests/api/auth-throttle-shapes.test.ts).
claimSocketPeerHeader();
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
  // As modules/deploy/lib/startup.ts does before a server takes requests: proxy.ts finds the key in the env.
  const { shareGeneratedAuthSecret } = await import("@/lib/auth/secret");
  shareGeneratedAuthSecret();
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
