// Builds one migrated embedded database before the API suites; each test file then starts from
// a copy of it instead of paying for initdb and migrations itself.
//
// On the embedded default the template is kept between runs in node_modules/.cache, under a
// hash of the migrations and the PGlite version: applying ~40 migrations costs half a minute,
// which would otherwise be most of a small run's time. Any change to a migration makes a new one.
//
// Two projects use this setup (`api` and `process`, see vitest.config.ts), and Vitest runs each
// project's global setup in its one main process. Migrating a second time there makes Prisma's
// WASM schema engine panic, and there is nothing to gain from it anyway: the first run's
// template is shared.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    templateDataDir: string | null;
  }
}

const key = Symbol.for("dialflow.api-template");
const shared = globalThis as typeof globalThis & { [key]?: Promise<string | null> };

async function buildTemplate(): Promise<string | null> {
  if (process.env.DATABASE_URL) {
    // Migrate once here so that parallel test files never race to apply the same migration.
    // Through the servers' own path: a connection of its own, so no lock outlives the migration.
    const { migrateDatabase } = await import("../../lib/db/migrate");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const url = process.env.DATABASE_URL;
    await migrateDatabase(new PrismaPg({ connectionString: url }), url);
    return null;
  }
  const cached = path.join(cacheDir, `api-template-${templateKey()}`);
  if (fs.existsSync(cached)) return cached;
  fs.mkdirSync(cacheDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cacheDir, "building-"));
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { applyMigrations } = await import("../../lib/db/schema-engine");
  const db = new PGlite(path.join(dir, "pgdata"));
  await applyMigrations(new PrismaPGlite(db));
  await db.close();
  // Older templates out, then this one into place whole: a run that starts meanwhile builds its own.
  for (const old of fs.readdirSync(cacheDir).filter((name) => name.startsWith("api-template-"))) {
    fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  try {
    fs.renameSync(dir, cached);
  } catch {
    // Another run put the same template in place first.
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return cached;
}

const cacheDir = path.resolve("node_modules/.cache/dialflow");

/** What the template depends on: every migration file and the PGlite that wrote the data. */
function templateKey() {
  const hash = createHash("sha256");
  const migrations = path.resolve("prisma/migrations");
  for (const entry of fs.readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(migrations, entry);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(entry).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  const pglite = JSON.parse(
    fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  return hash.update(pglite.version).digest("hex").slice(0, 16);
}

export default async function setup(project: TestProject) {
  shared[key] ??= buildTemplate();
  project.provide("templateDataDir", await shared[key]);
}
