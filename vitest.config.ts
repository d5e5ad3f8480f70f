import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const shared = {
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      "server-only": path.resolve(__dirname, "tests/support/empty-module.ts"),
    },
  },
};

// Route handlers against a real database: each file gets its own process and, on the embedded
// default, its own copy of the migrated PGlite template (tests/api/global-setup.ts).
const apiTest = {
  environment: "node" as const,
  setupFiles: ["tests/api/setup.ts"],
  globalSetup: ["tests/api/global-setup.ts"],
  pool: "forks" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const processTests = [
  "tests/api/cli-help.test.ts",
  "tests/api/cli-socket.test.ts",
  "tests/api/embedded-lock.test.ts",
  "tests/api/ops-build.test.ts",
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a two-core machine that is a
    // single worker, and the test files then run one after another. A test file's process waits
    // much of its time on its database thread and the disk, so two workers share two cores well
    // (docs/performance.md, "Test and CI time"); bigger machines keep the default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "{lib,components}/**/*.test.{ts,tsx}"],
        },
      },
      {
        ...shared,
        test: {
          name: "api",
          ...apiTest,
          include: ["tests/api/**/*.test.ts"],
          exclude: processTests,
        },
      },
      {
        // Tests that start other processes (the users CLI, a second server on the same data
        // directory, a build): slower and heavier, so `npm run test:fast` leaves them out.
        // `vitest run` (npm test, CI) runs every project.
        ...shared,
        // One at a time, as before the suite's two workers: one of them runs a production build.
        test: { name: "process", ...apiTest, include: processTests, maxWorkers: 1 },
      },
      {
        // The reference SIP edge (edge/) from Debian's packages, to a SIP phone from Debian
        // (baresip): skipped with a note where they are not installed, required in CI.
        ...shared,
        test: {
          name: "edge",
          environment: "node",
          include: ["tests/edge/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
