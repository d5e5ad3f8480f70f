import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { openPglite } from "./durable-fs";
import { startDbWorker } from "./embedded-worker";
import {
  acquireLock,
  readLockOwner,
  socketDirName,
  socketFileName,
  tryAcquireLock,
  DataDirBusyError,
  type DataDirLock,
} from "./embedded-lock";
import { securePrivateDir } from "./private-files";

export type Connection = {
  /** "postgres": DATABASE_URL; "embedded": this process owns the PGlite directory; "socket": another process does. */
  mode: "postgres" | "embedded" | "socket";
  factory: SqlMigrationAwareDriverAdapterFactory;
  /**
   * The `pg` pool under `factory` (every mode but the CLI's in-process PGlite): for the one query
   * every authenticated request runs, which goes to it directly (lib/db/client.ts `queryRows`).
   */
  pool?: pg.Pool;
  /** In "embedded" mode: a gzipped dump of the data directory (the console's backups). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type ConnectOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Who is opening it, shown to a refused second opener. */
  role: "server" | "cli";
};

/**
 * Opens the database the configuration names. The server takes the embedded directory for
 * itself and shares it on a unix socket; the CLI joins through that socket when a server
 * runs, or takes the directory itself when none does.
 */
export async function connect({ databaseUrl, dataDir, role }: ConnectOptions): Promise<Connection> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: role === "server" ? 10 : 2 });
    // As PrismaPg does with a pool of its own: a connection the server cut is replaced, not fatal.
    pool.on("error", () => undefined);
    return { mode: "postgres", factory: new PrismaPg(pool), pool, close: () => pool.end() };
  }

  securePrivateDir(dataDir);
  if (role === "server") return serveEmbedded(dataDir);
  const lock = await lockOrSocket(dataDir);
  if (!lock) return viaSocket(dataDir);

  // The CLI on a directory nobody else holds: PGlite in this process, no socket.
  try {
    const db = await openPglite(path.join(dataDir, "pgdata"));
    return {
      mode: "embedded",
      factory: new PrismaPGlite(db),
      dumpDataDir: () => db.dumpDataDir("gzip"),
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * PGlite memory settings. Its defaults are PostgreSQL's (128 MB shared buffers, 4 MB work_mem
 * per sort), sized for a machine shared by many backends; PGlite has one backend, and its WASM
 * heap only grows. These keep the heap small without slowing the app's queries.
 */
export const embeddedStartParams = ["-c", "shared_buffers=16MB", "-c", "temp_buffers=2MB"];

/** Connections of the server's pool to the database worker (they take turns at transactions). */
export const embeddedPoolSize = 4;

/**
 * The server on the embedded default: PGlite runs in a worker thread that serves the wire
 * protocol on the data directory's private socket, and the server reaches it through the same
 * `pg` adapter as PostgreSQL, so no query runs on the thread that serves requests.
 */
async function serveEmbedded(dataDir: string): Promise<Connection> {
  const lock = acquireLock(dataDir, "server");
  try {
    const pgdataDir = path.join(dataDir, "pgdata");
    const options = {
      pgdataDir,
      socketPath: lock.socketPath,
      durable: true,
      startParams: embeddedStartParams,
    };
    if (!fs.existsSync(path.join(pgdataDir, "PG_VERSION"))) {
      // A new database: initdb grows PGlite's WASM heap to several hundred MB, and a WASM heap
      // never shrinks. So the first open runs in a thread of its own that then ends, and the
      // server's database thread starts on the initialised directory with a small heap.
      await (await startDbWorker(options)).close();
    }
    const worker = await startDbWorker(options);
    const pool = socketPool(dataDir, embeddedPoolSize, PreparingClient);
    return {
      mode: "embedded",
      factory: new PrismaPg(pool, { statementNameGenerator: statementName }),
      pool,
      dumpDataDir: () => worker.dumpDataDir(),
      async close() {
        try {
          await pool.end();
          await worker.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * The CLI takes the directory when nobody holds it, or joins the holder's socket. A server that
 * is still starting holds the lock without a socket yet, and another CLI holds it briefly:
 * both are waited for.
 */
async function lockOrSocket(dataDir: string, timeoutMs = 20_000): Promise<DataDirLock | null> {
  const deadline = Date.now() + timeoutMs;
  const socketPath = path.join(dataDir, socketDirName, socketFileName);
  for (;;) {
    const lock = tryAcquireLock(dataDir, "users CLI");
    if (lock) return lock;
    if (await socketAnswers(socketPath)) return null;
    if (Date.now() > deadline) throw new DataDirBusyError(dataDir, readLockOwner(dataDir));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function socketAnswers(socketPath: string) {
  return new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath, () => {
      probe.destroy();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
  });
}

/**
 * Prepared statements on the embedded database: PGlite parses and plans every unnamed statement
 * again, and each of the app's queries is one of a small set of texts, so the server's pool names
 * them and each connection prepares a text once. Names are the SQL's hash (the first
 * `maxPreparedStatements` texts; any beyond that, such as IN lists of varying length, run
 * unnamed, so what the single backend keeps stays bounded).
 */
const maxPreparedStatements = 500;
const statementNames = new Map<string, string>();

export function statementName(query: { sql: string }): string {
  let name = statementNames.get(query.sql);
  if (name === undefined && statementNames.size < maxPreparedStatements) {
    name = `s_${createHash("sha1").update(query.sql).digest("base64url")}`;
    statementNames.set(query.sql, name);
  }
  return name as string; // undefined: unnamed (pg's query config takes either)
}

let connectionSeq = 0;

/**
 * A `pg` client whose prepared-statement names are its own. Every connection to the socket
 * shares PGlite's one backend session, where statement names are global: two connections
 * preparing the same name would collide, so each prefixes the names it prepares.
 */
export class PreparingClient extends pg.Client {
  readonly statementPrefix = `c${++connectionSeq}_`;
}
const clientQuery = pg.Client.prototype.query;
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  const [config] = args;
  if (config && typeof config === "object" && "name" in config && typeof config.name === "string") {
    args[0] = { ...config, name: this.statementPrefix + config.name };
  }
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

export function socketPool(dataDir: string, max: number, Client?: typeof pg.Client) {
  const pool = new pg.Pool({
    Client,
    host: path.resolve(dataDir, socketDirName),
    port: Number(socketFileName.split(".").pop()),
    user: "postgres",
    database: "template1",
    max,
    idleTimeoutMillis: 0,
  });
  // An idle connection cut by the other end is replaced on the next checkout.
  pool.on("error", () => undefined);
  // A connection dropped after an error leaves the statements it prepared in PGlite's one
  // session (its replacement prepares under a prefix of its own): deallocate them, so what the
  // backend keeps stays bounded however often connections are replaced.
  pool.on("remove", (client) => {
    if (client instanceof PreparingClient && !pool.ending) {
      forgetStatements(pool, client.statementPrefix).catch(() => undefined);
    }
  });
  return pool;
}

/** Deallocates the prepared statements whose names start with `prefix` (a dropped connection's). */
export async function forgetStatements(pool: pg.Pool, prefix: string) {
  const { rows } = await pool.query<{ name: string }>(
    "SELECT name FROM pg_prepared_statements WHERE starts_with(name, $1)",
    [prefix],
  );
  for (const { name } of rows) {
    // Names are this module's own (c<n>_s_<base64url>); anything else is left alone.
    if (/^[A-Za-z0-9_-]+$/.test(name)) await pool.query(`DEALLOCATE "${name}"`);
  }
}

function viaSocket(dataDir: string): Connection {
  const pool = socketPool(dataDir, 1);
  return { mode: "socket", factory: new PrismaPg(pool), pool, close: () => pool.end() };
}
