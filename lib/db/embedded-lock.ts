import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { flockSync } from "fs-ext";

// PGlite is single-process: the data directory belongs to whoever holds an exclusive flock on
// the directory itself and on its pgdata folder. The kernel drops the lock when the owner dies
// (kill -9, a container restart, a fresh PID namespace), so a restart never finds a stale lock,
// and no file beside the database can be deleted to sidestep it. owner.json only names the
// owner in the refusal message; it decides nothing.
// The owner also serves the database on a unix socket, so that the users CLI can work while the
// server runs, without ever opening the files a second time.

export const ownerFileName = "owner.json";
// PGlite itself leaves a `.s.PGSQL.5432` in DATA_DIR, so the served socket lives in a subfolder.
export const socketDirName = "socket";
export const socketFileName = ".s.PGSQL.5432";

export type LockOwner = { pid: number; host: string; role: string; started: string };

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} on ${owner.host} (${owner.role}, since ${owner.started})`
      : "another process";
    super(
      `The data directory ${dataDir} is in use by ${who}; stop it first or set DATA_DIR to another directory.`,
    );
    this.name = "DataDirBusyError";
  }
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, ownerFileName), "utf8")) as LockOwner;
  } catch {
    return null;
  }
}

function isWouldBlock(err: unknown) {
  const code = (err as NodeJS.ErrnoException).code;
  return code === "EAGAIN" || code === "EWOULDBLOCK";
}

/** Opens `dir` and takes an exclusive, non-blocking flock on it; null when someone holds it. */
function lockDir(dir: string): number | null {
  const fd = fs.openSync(dir, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
  try {
    flockSync(fd, "exnb");
    return fd;
  } catch (err) {
    fs.closeSync(fd);
    if (isWouldBlock(err)) return null;
    throw err;
  }
}

export type DataDirLock = {
  socketPath: string;
  release(): void;
};

/**
 * Takes the data directory for this process, or returns null when another process (or this
 * one, through another open) holds it. Creates the directory private to the owner.
 */
export function tryAcquireLock(dataDir: string, role: string): DataDirLock | null {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dirFd = lockDir(dataDir);
  if (dirFd === null) return null;
  const pgdata = path.join(dataDir, "pgdata");
  let pgFd: number | null = null;
  try {
    fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    pgFd = lockDir(pgdata);
  } finally {
    if (pgFd === null) fs.closeSync(dirFd);
  }
  if (pgFd === null) return null;

  const ownerPath = path.join(dataDir, ownerFileName);
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    role,
    started: new Date().toISOString(),
  };
  const tmp = `${ownerPath}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
  fs.renameSync(tmp, ownerPath);

  let released = false;
  return {
    socketPath: path.join(dataDir, socketDirName, socketFileName),
    release() {
      if (released) return;
      released = true;
      try {
        const current = readLockOwner(dataDir);
        if (current?.pid === process.pid && current.started === owner.started) {
          fs.unlinkSync(ownerPath);
        }
      } catch {
        /* already gone */
      }
      // Closing the descriptors drops the flocks.
      fs.closeSync(pgFd);
      fs.closeSync(dirFd);
    },
  };
}

/** Takes the data directory or throws DataDirBusyError, one line naming the owner. */
export function acquireLock(dataDir: string, role: string): DataDirLock {
  const lock = tryAcquireLock(dataDir, role);
  if (!lock) throw new DataDirBusyError(dataDir, readLockOwner(dataDir));
  return lock;
}

/** True while some process holds the data directory (probes without keeping the lock). */
export function isLocked(dataDir: string) {
  if (!fs.existsSync(dataDir)) return false;
  const fd = lockDir(dataDir);
  if (fd === null) return true;
  fs.closeSync(fd);
  return false;
}
