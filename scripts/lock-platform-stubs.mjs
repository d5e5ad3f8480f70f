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
      ...(meta.cpu ? { cpu: [].concat(meta.cpu) } : {}),
      ...(sibling?.dev ? { dev: true } : {}),
      optional: true,
      ...(meta.os ? { os: [].concat(meta.os) } : {}),
      ...(meta.libc ? { libc: [].concat(meta.libc) } : {}),
    };
    added++;
    console.log(`added ${name}@${version} (needed by ${key || "the project"})`);
  }
}

fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added`);
