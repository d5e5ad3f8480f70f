// Serves the production build for Playwright on a fresh embedded database, with the e2e
// accounts created through the real users CLI first.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-e2e-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
};

function addAccount(username, password, admin) {
  const args = ["run", "--silent", "users", "--", "add", username, ...(admin ? ["--admin"] : [])];
  const res = spawnSync("npm", args, { env, input: `${password}\n`, encoding: "utf8" });
  if (res.status !== 0) {
    console.error(res.stdout, res.stderr);
    process.exit(1);
  }
}
addAccount(process.env.E2E_USER, process.env.E2E_USER_PASSWORD, false);
addAccount(process.env.E2E_OPERATOR, process.env.E2E_OPERATOR_PASSWORD, true);

const child = spawn(process.execPath, ["scripts/start.mjs"], {
  env,
  stdio: "inherit",
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
