import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Everything under DATA_DIR is private to the owner: the WAL and data files hold password
// hashes and sessions. The process creates files with umask 077, and a start repairs whatever an
// earlier version, a copy or a restore left open to others.

/** Sets umask 077, repairs modes under `dataDir`, and warns loudly if the directory was open. */
export function securePrivateDir(dataDir: string, warn = loudWarning) {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(dataDir).mode & 0o777;
  if (mode & 0o077) {
    warn(
      `WARNING: the data directory ${dataDir} was open to other users (mode ${mode.toString(8).padStart(4, "0")}); it holds password hashes. Its mode is now 0700; check who could read it.`,
    );
    fs.chmodSync(dataDir, 0o700);
  }
  return repairTree(dataDir);
}

function loudWarning(line: string) {
  process.stderr.write(`${line}\n`);
}

/** Removes group and other permissions from every file and folder below `dir`; returns how many changed. */
function repairTree(dir: string): number {
  let repaired = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      continue; // gone meanwhile
    }
    if (stat.mode & 0o077) {
      fs.chmodSync(full, stat.isDirectory() ? 0o700 : stat.mode & 0o700);
      repaired++;
    }
    if (entry.isDirectory()) repaired += repairTree(full);
  }
  return repaired;
}

/**
 * A random secret kept in `dataDir/<name>` (mode 0600), made on first use and the same on every
 * later start; of two processes racing to make it, one wins (`wx`) and both read its value.
 */
export function generatedSecretFile(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), {
      flag: "wx",
      mode: 0o600,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return fs.readFileSync(file, "utf8").trim();
}
