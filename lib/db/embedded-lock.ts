import "server-only";
import fs from "node:fs";
import path from "node:path";

// PGlite is single-process: the data directory belongs to whoever holds this lock file.
// The owner also serves the database on a unix socket in the same directory, so that the
// users CLI can work while the server runs, without ever opening the files a second time.

export const lockFileName = "pglite.lock";
// PGlite itself leaves a `.s.PGSQL.5432` in DATA_DIR, so the served socket lives in a subfolder.
export const socketDirName = "socket";
export const socketFileName = ".s.PGSQL.5432";

export type LockOwner = { pid: number; role: string; socket: string | null; since: string };

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${owner.pid} (${owner.role}); stop it first or set DATA_DIR to another directory.`,
    );
    this.name = "DataDirBusyError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(
      fs.readFileSync(path.join(dataDir, lockFileName), "utf8"),
    ) as LockOwner;
    // Our own pid counts as a live owner: one process must not open the directory twice either.
    return isAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock or throws DataDirBusyError naming the live owner. A lock left by a dead
 * process is moved aside atomically (rename), so two starters can never both take over.
 */
export function acquireLock(dataDir: string, role: string) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, lockFileName);
  const socketPath = path.join(dataDir, socketDirName, socketFileName);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      const owner: LockOwner = {
        pid: process.pid,
        role,
        socket: null,
        since: new Date().toISOString(),
      };
      fs.writeFileSync(fd, JSON.stringify(owner));
      fs.closeSync(fd);
      const release = () => {
        try {
          const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockOwner;
          if (current.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return {
        lockPath,
        socketPath,
        /** Records that the database is now reachable on the socket. */
        announceSocket() {
          fs.chmodSync(socketPath, 0o600);
          fs.writeFileSync(lockPath, JSON.stringify({ ...owner, socket: socketPath }));
        },
        release() {
          process.removeListener("exit", release);
          release();
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readLockOwner(dataDir);
      if (owner) throw new DataDirBusyError(dataDir, owner);
      try {
        fs.renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        fs.unlinkSync(`${lockPath}.stale-${process.pid}`);
        fs.rmSync(socketPath, { force: true });
      } catch {
        /* another process moved it first; retry */
      }
    }
  }
  const owner = readLockOwner(dataDir);
  throw new DataDirBusyError(
    dataDir,
    owner ?? { pid: 0, role: "unknown", socket: null, since: "" },
  );
}
