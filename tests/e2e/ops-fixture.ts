// The operator console's stand-ins for the e2e server (tests/e2e/server.mjs prepares them in
// this directory): a systemctl stub that records its argv, log files, a stub build.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { e2ePort } from "./mailbox";

export const opsE2eDir = path.join(os.tmpdir(), `dialflow-e2e-ops-${e2ePort}`);

/** Every argv the systemctl stub was called with, oldest first. */
export function systemctlCalls(): string[][] {
  try {
    return fs
      .readFileSync(path.join(opsE2eDir, "systemctl-calls.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as string[]);
  } catch {
    return [];
  }
}
