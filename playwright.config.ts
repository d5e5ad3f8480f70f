import { defineConfig, devices } from "@playwright/test";
import { e2eAccounts } from "./tests/e2e/accounts";
import { mailboxDir } from "./tests/e2e/mailbox";
import { opsE2eDir } from "./tests/e2e/ops-fixture";

// Drives the production build (scripts/e2e.mjs builds it) served by tests/e2e/server.mjs on a
// fresh embedded database. E2E_PORT and NEXT_DIST_DIR let two runs share one checkout.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // scripts/e2e.mjs asks each shard for a JSON report too (E2E_JSON_REPORT): the files' durations.
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  // Two shards share a 2-core machine (scripts/e2e.mjs): the longer tests (several page loads,
  // calls and reloads) take two to three times their quiet-machine time there, and 45 s cut
  // webhooks and shortcuts short in both tries. A stuck test still fails, 90 s later.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  use: {
    baseURL,
    // A trace records every action's DOM snapshot and a screencast: kept for every test, it cost
    // 13-28 % of a spec's CPU (docs/performance.md, "Test and CI time"). A failed test's retry
    // records one (CI retries once); E2E_TRACE=retain-on-failure records every first try too.
    trace: (process.env.E2E_TRACE as "retain-on-failure" | undefined) ?? "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // With the GPU off, Chromium still ran a GPU process compositing in software, a third of
        // the browser's CPU; composited in the browser process instead, two spec pairs took 6 %
        // less CPU and time (docs/performance.md, "Test and CI time").
        "--disable-gpu-compositing",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node tests/e2e/server.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A busy machine (other builds and suites beside this one) may need longer to migrate and
    // start: a rehearsal of CI with other work beside it saw both shards miss 120 s.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS) || 300_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      E2E_USER: e2eAccounts.rep.username,
      E2E_USER_PASSWORD: e2eAccounts.rep.password,
      E2E_COLLEAGUE: e2eAccounts.colleague.username,
      E2E_COLLEAGUE_PASSWORD: e2eAccounts.colleague.password,
      E2E_OPERATOR: e2eAccounts.operator.username,
      E2E_OPERATOR_PASSWORD: e2eAccounts.operator.password,
      E2E_SECURITY: e2eAccounts.security.username,
      E2E_SECURITY_PASSWORD: e2eAccounts.security.password,
      E2E_TWOFACTOR: e2eAccounts.twofactor.username,
      E2E_TWOFACTOR_PASSWORD: e2eAccounts.twofactor.password,
      E2E_MEMBER: e2eAccounts.member.username,
      E2E_MEMBER_PASSWORD: e2eAccounts.member.password,
      E2E_OTHER_MANAGER: e2eAccounts.otherManager.username,
      E2E_OTHER_MANAGER_PASSWORD: e2eAccounts.otherManager.password,
      E2E_SECURE_MANAGER: e2eAccounts.secureManager.username,
      E2E_SECURE_MANAGER_PASSWORD: e2eAccounts.secureManager.password,
      E2E_SECURE_REP: e2eAccounts.secureRep.username,
      E2E_SECURE_REP_PASSWORD: e2eAccounts.secureRep.password,
      E2E_SECURE_OPERATOR: e2eAccounts.secureOperator.username,
      E2E_SECURE_OPERATOR_PASSWORD: e2eAccounts.secureOperator.password,
      E2E_MAILBOX_DIR: mailboxDir,
      E2E_OPS_DIR: opsE2eDir,
    },
  },
});
