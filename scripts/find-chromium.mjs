// Finds a Chromium for Playwright (its own browser download cannot work offline), installing
// Debian's package when running as root. Prints the path, or one line saying what to do.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const candidates = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].filter(Boolean);

export function findChromium({ install = true } = {}) {
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (install && isRoot && hasApt) {
    console.error("Chromium not found: installing Debian's chromium package (apt-get)...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return findChromium({ install: false });
  }
  console.error(
    "Chromium is required for the browser tests: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH) and retry.",
  );
  process.exit(1);
}
