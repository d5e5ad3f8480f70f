import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

// Prisma's CLI downloads a native schema engine, which these offline machines cannot fetch.
// The same engine ships compiled to WASM; we drive it directly. It applies the standard
// prisma/migrations folder and records `_prisma_migrations` exactly as `prisma migrate deploy`.

export const schemaPath = path.resolve("prisma/schema.prisma");
export const migrationsDir = path.resolve("prisma/migrations");

type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  applyMigrations(params: unknown): Promise<{ appliedMigrationNames: string[] }>;
  free?(): void;
};

// Not cached: the engine runs once at start (and in development tools), and a cached module
// would keep its compiled code and WASM memory (tens of MB) for the life of the server.
async function loadEngineClass() {
  return (async () => {
    // Loaded from node_modules at run time, outside the bundler (the package is ESM + WASM).
    const dir = path.resolve("node_modules/@prisma/schema-engine-wasm");
    const bgUrl = pathToFileURL(path.join(dir, "schema_engine_bg.js")).href;
    const bg = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ bgUrl);
    const bytes = await fs.readFile(path.join(dir, "schema_engine_bg.wasm"));
    const wasmModule = await WebAssembly.compile(bytes);
    const instance = new WebAssembly.Instance(wasmModule, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
    return bg.SchemaEngine;
  })();
}

async function createEngine(factory: SqlMigrationAwareDriverAdapterFactory): Promise<Engine> {
  const SchemaEngine = (await loadEngineClass()) as unknown as {
    new: (opts: unknown, log: (msg: string) => void, adapter: unknown) => Promise<Engine>;
  };
  const datamodel = await fs.readFile(schemaPath, "utf8");
  return SchemaEngine.new(
    { datamodels: [["schema.prisma", datamodel]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  );
}

const noFilters = { externalTables: [], externalEnums: [] };

async function readMigrations() {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    dirs.map(async (name) => {
      const file = path.join(migrationsDir, name, "migration.sql");
      const content = await fs
        .readFile(file, "utf8")
        .then((ok) => ({ tag: "ok", value: ok }))
        .catch((err: Error) => ({ tag: "error", value: err.message }));
      return { path: name, migrationFile: { path: "migration.sql", content } };
    }),
  );
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const lockContent = await fs.readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    migrationDirectories,
    shadowDbInitScript: "",
  };
}

/** Applies every pending migration; returns the names applied. */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory) {
  const engine = await createEngine(factory);
  try {
    const migrationsList = await readMigrations();
    const result = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return result.appliedMigrationNames;
  } finally {
    engine.free?.();
  }
}

/** SQL that takes the migrations folder to the current schema; empty when nothing changed. */
export async function diffSchemaAgainstMigrations(factory: SqlMigrationAwareDriverAdapterFactory) {
  const engine = await createEngine(factory);
  try {
    const datamodel = await fs.readFile(schemaPath, "utf8");
    const migrationsList = await readMigrations();
    const from =
      migrationsList.migrationDirectories.length === 0
        ? { tag: "empty" }
        : { tag: "migrations", ...migrationsList };
    const res = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: datamodel }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = res.stdout ?? "";
    return sql.trim();
  } finally {
    engine.free?.();
  }
}
