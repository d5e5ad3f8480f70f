// Where the key that encrypts line secrets comes from: TELEPHONY_ENCRYPTION_KEY; else a file
// generated once into DATA_DIR (mode 0600) on a single embedded server; never generated in
// production with DATABASE_URL (instances would disagree) or serverless (no lasting disk).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const dirs: string[] = [];

async function load(vars: Record<string, string>) {
  vi.resetModules();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-telkey-"));
  dirs.push(dir);
  vi.stubEnv("DATA_DIR", dir);
  for (const name of ["TELEPHONY_ENCRYPTION_KEY", "DATABASE_URL", "RUNTIME", "VERCEL"]) {
    vi.stubEnv(name, "");
  }
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return { dir, module: await import("@/lib/security/encryption-key") };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("telephony encryption key", () => {
  it("comes from TELEPHONY_ENCRYPTION_KEY when set, whatever the deployment", async () => {
    const { module, dir } = await load({
      TELEPHONY_ENCRYPTION_KEY: "k".repeat(40),
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/app",
      AUTH_SECRET: "a".repeat(40),
    });
    expect(module.keySource()).toBe("env");
    expect(module.telephonyKey()?.key).toHaveLength(32);
    expect(fs.existsSync(path.join(dir, "telephony-key"))).toBe(false);
  });

  it("is generated once into DATA_DIR with mode 0600 on an embedded server", async () => {
    const { module, dir } = await load({ NODE_ENV: "production" });
    expect(module.keySource()).toBe("generated");
    const key = module.telephonyKey()!;
    const file = path.join(dir, "telephony-key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").length).toBeGreaterThanOrEqual(32);
    // A restart reads the same file, so stored secrets stay readable.
    vi.resetModules();
    const again = await import("@/lib/security/encryption-key");
    expect(again.telephonyKey()).toEqual(key);
  });

  it("is required in production with DATABASE_URL and in serverless mode", async () => {
    const deployments: Record<string, string>[] = [
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://u:p@db/app",
        AUTH_SECRET: "a".repeat(40),
      },
      { RUNTIME: "serverless" },
    ];
    for (const vars of deployments) {
      const { module, dir } = await load(vars);
      expect(module.keySource(), JSON.stringify(vars)).toBe("missing");
      expect(module.telephonyKey()).toBeNull();
      expect(() => module.requireTelephonyKey()).toThrow(/TELEPHONY_ENCRYPTION_KEY is not set/);
      expect(fs.existsSync(path.join(dir, "telephony-key"))).toBe(false);
    }
  });
});
