// npm test: the whole suite. Unit and API tests (Vitest; the API tests use an embedded
// PGlite database, or the PostgreSQL named by DATABASE_URL), then the browser tests against a
// production build in Chromium (found or installed by scripts/find-chromium.mjs), then the
// preview-deployment simulation (tests/deploy; needs the PostgreSQL on 127.0.0.1:5432, and says
// so and passes over it on a laptop without one, outside CI).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { findChromium } from "./find-chromium.mjs";

// Check for Chromium first so that a missing browser stops the run before anything slow.
const chromium = findChromium();
// The browser tests run as two shards side by side (scripts/e2e.mjs) unless E2E_SHARDS says otherwise.
const env = {
  E2E_SHARDS: "2",
  ...process.env,
  CHROMIUM_PATH: chromium,
  NEXT_TELEMETRY_DISABLED: "1",
};

function step(title, cmd, args) {
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env });
  if (res.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(res.status ?? 1);
  }
}

const vitest = path.resolve("node_modules/vitest/vitest.mjs");
step("Unit and API tests (Vitest)", process.execPath, [vitest, "run"]);
step("Browser tests (Playwright, production build)", process.execPath, ["scripts/e2e.mjs"]);
step("Deploy simulation (preview build, serverless instances)", process.execPath, [
  "tests/deploy/preview-simulation.mjs",
]);
