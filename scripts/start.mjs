// npm start (or, in production, `node scripts/start.mjs`): builds when no production build
// exists, then serves it on PORT (default 3000). SIGTERM/SIGINT drain and exit (serve.mjs).
// The server applies pending migrations and, on a new embedded database, seeds demo accounts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { distDir } from "./dist-dir.mjs";
import { serve } from "./serve.mjs";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "0.0.0.0";

if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("No production build found: building once (takes a minute or two)...");
  const res = spawnSync(process.execPath, [path.resolve("scripts/build.mjs")], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

process.env.NODE_ENV = "production";
const { shutdown } = await serve({ port, hostname, dir: process.cwd() });
console.log(`DialFlow is listening on http://localhost:${port}`);

// Under `npm start` a process manager signals npm, which may exit without passing the signal
// on; node would then keep serving (and holding the database) with nobody watching it. So when
// the parent npm goes away, shut down exactly as on SIGTERM. Started directly (`node
// scripts/start.mjs`, the recommended production command) the signals reach node itself.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown("parent npm exited");
  }, 250).unref();
}
