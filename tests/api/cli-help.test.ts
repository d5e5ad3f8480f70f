import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// `npm run users -- --help` is how an operator finds the commands: the usage on stdout and a
// success, without touching the database (DATA_DIR points nowhere that exists).
describe("users CLI --help", () => {
  const run = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/users.ts", ...args],
      {
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: "/nonexistent/dialflow-cli-help", DATABASE_URL: "" },
        timeout: 110_000,
      },
    );

  // A cold `tsx` start on a busy machine takes a while: each test spawns one CLI.
  it("prints the usage and exits 0", { timeout: 120_000 }, () => {
    const child = run("--help");
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toContain("Usage:");
    expect(child.stdout).toContain("npm run users -- add <username>");
    expect(child.stderr).toBe("");
  });

  it(
    "still refuses an unknown command with the usage and exit code 2",
    { timeout: 120_000 },
    () => {
      const child = run("frobnicate");
      expect(child.status).toBe(2);
      expect(child.stderr).toContain("Unknown command: frobnicate");
      expect(child.stderr).toContain("Usage:");
    },
  );
});
