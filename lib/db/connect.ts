import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import {
  acquireLock,
  readLockOwner,
  socketDirName,
  socketFileName,
  DataDirBusyError,
} from "./embedded-lock";

export type Connection = {
  /** "postgres": DATABASE_URL; "embedded": this process owns the PGlite directory; "socket": another process does. */
  mode: "postgres" | "embedded" | "socket";
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** The PGlite instance in "embedded" mode (the console's backup dumps its data directory). */
  pglite?: PGlite;
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
    const factory = new PrismaPg({
      connectionString: databaseUrl,
      max: role === "server" ? 10 : 2,
    });
    return { mode: "postgres", factory, close: async () => {} };
  }

  const owner = role === "cli" ? await waitForSocket(dataDir) : readLockOwner(dataDir);
  if (owner) {
    if (role === "server" || !owner.socket) throw new DataDirBusyError(dataDir, owner);
    return viaSocket(dataDir);
  }

  const lock = acquireLock(dataDir, role === "server" ? "server" : "users CLI");
  const db = new PGlite(path.join(dataDir, "pgdata"));
  await db.waitReady;
  let socketServer: PGLiteSocketServer | undefined;
  if (role === "server") {
    fs.mkdirSync(path.dirname(lock.socketPath), { recursive: true, mode: 0o700 });
    fs.rmSync(lock.socketPath, { force: true });
    socketServer = new PGLiteSocketServer({ db, path: lock.socketPath });
    await socketServer.start();
    lock.announceSocket();
  }
  return {
    mode: "embedded",
    factory: new PrismaPGlite(db),
    pglite: db,
    async close() {
      await socketServer?.stop();
      await db.close();
      lock.release();
    },
  };
}

/** A server that is still starting has the lock but no socket yet: give it a few seconds. */
async function waitForSocket(dataDir: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let owner = readLockOwner(dataDir);
  while (owner && !owner.socket && owner.role === "server" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    owner = readLockOwner(dataDir);
  }
  return owner;
}

function viaSocket(dataDir: string): Connection {
  const port = Number(socketFileName.split(".").pop());
  const factory = new PrismaPg({
    host: path.resolve(dataDir, socketDirName),
    port,
    user: "postgres",
    database: "template1",
    max: 1,
  });
  return { mode: "socket", factory, close: async () => {} };
}
