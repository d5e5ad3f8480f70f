// npm start: builds when no production build exists, then serves it on PORT (default 3000).
// The server applies pending migrations and, on a new embedded database, seeds demo accounts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serve } from "./serve.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "0.0.0.0";

if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("No production build found: building once (takes a minute or two)...");
  const res = spawnSync(
    process.execPath,
    [path.resolve("node_modules/next/dist/bin/next"), "build"],
    {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

process.env.NODE_ENV = "production";
await serve({ port, hostname, dir: process.cwd() });
console.log(`DialFlow is listening on http://localhost:${port}`);
