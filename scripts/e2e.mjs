// npm run test:e2e [-- playwright args]: builds the production bundle (scripts/build.mjs), then runs Playwright
// against it with the system Chromium. E2E_SKIP_BUILD=1 reuses an existing build.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { findChromium } from "./find-chromium.mjs";

const chromium = findChromium();
const env = { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  run(process.execPath, [path.resolve("scripts/build.mjs")]);
}
run(process.execPath, [
  path.resolve("node_modules/@playwright/test/cli.js"),
  "test",
  ...process.argv.slice(2),
]);
