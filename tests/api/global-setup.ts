// Builds one migrated embedded database before the API suite; each test file then starts from
// a copy of it instead of paying for initdb and migrations itself.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    templateDataDir: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    // Migrate once here so that parallel test files never race to apply the same migration.
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const { applyMigrations } = await import("../../lib/db/schema-engine");
    await applyMigrations(new PrismaPg({ connectionString: process.env.DATABASE_URL }));
    project.provide("templateDataDir", null);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-api-template-"));
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { applyMigrations } = await import("../../lib/db/schema-engine");
  const db = new PGlite(path.join(dir, "pgdata"));
  await applyMigrations(new PrismaPGlite(db));
  await db.close();
  project.provide("templateDataDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
