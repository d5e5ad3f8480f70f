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
          setupFiles: ["tests/api/setup.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          // Each file gets its own process and, on the embedded default, its own PGlite directory.
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
