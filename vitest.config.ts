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

/** Tests that spawn servers or CLI processes: their own project (below). */
const processTests = ["tests/api/cli-socket.test.ts", "tests/api/embedded-lock.test.ts"];

export default defineConfig({
  test: {
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
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          exclude: processTests,
          setupFiles: ["tests/api/setup.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          // Each file gets its own process and, on the embedded default, its own PGlite directory.
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...shared,
        test: {
          // The slow lane: tests that start servers and command-line tools as processes (the
          // embedded database's lock, the users CLI beside a running server). `vitest run` and
          // `npm test` run them; `--project unit` and `--project api` leave them out.
          name: "process",
          environment: "node",
          include: processTests,
          setupFiles: ["tests/api/setup.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          pool: "forks",
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
