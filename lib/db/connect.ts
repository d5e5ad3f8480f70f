import "server-only";
import net from "node:net";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { openPglite } from "./durable-fs";
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
import { startSocketServer, type SocketServer } from "./socket-server";

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

  securePrivateDir(dataDir);
  const lock = role === "server" ? acquireLock(dataDir, "server") : await lockOrSocket(dataDir);
  if (!lock) return viaSocket(dataDir);

  let socketServer: SocketServer | undefined;
  try {
    const db = await openPglite(path.join(dataDir, "pgdata"));
    if (role === "server") socketServer = await startSocketServer(db, lock.socketPath);
    return {
      mode: "embedded",
      factory: new PrismaPGlite(db),
      pglite: db,
      async close() {
        try {
          await socketServer?.close();
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
