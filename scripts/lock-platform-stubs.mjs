// Repairs package-lock.json after `npm install` against a registry mirror that lacks some
// other-platform binaries (darwin/win32/... builds of @next/swc, @swc/core, Tailwind's oxide):
// npm then leaves them out of the lock and `npm ci` refuses it. For every optional platform
// package a locked parent names but the lock lacks, this adds an entry with the parent's
// version and the package's os/cpu, so npm ci skips it on this platform as it should.
// Usage: node scripts/lock-platform-stubs.mjs   (after any npm install that changes the lock)
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const lockPath = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
let added = 0;

for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`;
    if (lock.packages[path]) continue;
    const version = range.replace(/^[~^=]/, "");
    const sibling = Object.keys(entry.optionalDependencies)
      .map((n) => lock.packages[`node_modules/${n}`])
      .find(Boolean);
    let meta = {};
    try {
      meta = JSON.parse(
        execFileSync("npm", ["view", name, "os", "cpu", "libc", "--json"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        }) || "{}",
      );
    } catch {
      console.warn(`skipped ${name}: not in the registry`);
      continue;
    }
    lock.packages[path] = {
      version,
      // Field order as npm writes it.
      ...(meta.cpu ? { cpu: [].concat(meta.cpu) } : {}),
      ...(sibling?.dev ? { dev: true } : {}),
      ...(meta.libc ? { libc: [].concat(meta.libc) } : {}),
      optional: true,
      ...(meta.os ? { os: [].concat(meta.os) } : {}),
    };
    added++;
    console.log(`added ${name}@${version} (needed by ${key || "the project"})`);
  }
}

// Keep npm's own order (the root entry first, then paths sorted) so `npm install` leaves the file as it is.
const sorted = Object.keys(lock.packages).sort((a, b) =>
  a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"),
);
lock.packages = Object.fromEntries(sorted.map((key) => [key, lock.packages[key]]));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added`);
