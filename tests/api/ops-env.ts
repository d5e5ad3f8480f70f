// Configures the operator console for an API test file before anything reads lib/env: a copy
// of the systemctl stub in a private directory, log files there, known secrets in the
// environment. Import it first, before any module that imports lib/env.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const opsDir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-ops-"));
export const stubPath = path.join(opsDir, "systemctl");
fs.copyFileSync(path.resolve("tests/fixtures/systemctl-stub.cjs"), stubPath);
fs.chmodSync(stubPath, 0o755);
export const callsFile = path.join(opsDir, "systemctl-calls.jsonl");
export const stateFile = path.join(opsDir, "systemctl-state.json");
export const errorLog = path.join(opsDir, "error.log");
export const accessLog = path.join(opsDir, "access.log");
/** Not named by any setting: no request may ever read it. */
export const outsideFile = path.join(opsDir, "outside-secret.txt");
export const backupDirPath = path.join(opsDir, "backups");
export const stagingDir = path.join(opsDir, "staging");

export const secrets = {
  AUTH_SECRET: `auth-${crypto.randomBytes(24).toString("hex")}`,
  PLACES_API_KEY: `places-${crypto.randomBytes(12).toString("hex")}`,
  smtpPassword: `smtp-${crypto.randomBytes(10).toString("hex")}`,
};
fs.writeFileSync(outsideFile, `outside ${secrets.AUTH_SECRET}\n`);

export function configureOps(extra: Record<string, string> = {}) {
  Object.assign(process.env, {
    OPS_SYSTEMCTL: stubPath,
    OPS_SERVICES: "apache=apache2.service,auth=dialflow-auth.service,broken=failing.service",
    OPS_LOG_APACHE_ERROR: errorLog,
    OPS_LOG_APACHE_ACCESS: accessLog,
    OPS_BACKUP_DIR: backupDirPath,
    OPS_BACKUP_KEEP: "2",
    OPS_BUILD_DIST_DIR: stagingDir,
    OPS_COMMAND_TIMEOUT_SECONDS: "5",
    AUTH_SECRET: secrets.AUTH_SECRET,
    PLACES_API_KEY: secrets.PLACES_API_KEY,
    SMTP_URL: `smtp://mailer:${secrets.smtpPassword}@127.0.0.1:2525`,
    SOURCE_COMMIT: "abc1234",
    ...extra,
  });
}

export function systemctlCalls(): string[][] {
  try {
    return fs
      .readFileSync(callsFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as string[]);
  } catch {
    return [];
  }
}

export function removeOpsDir() {
  fs.rmSync(opsDir, { recursive: true, force: true });
}
