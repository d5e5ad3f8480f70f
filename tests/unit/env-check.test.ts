import { describe, expect, it } from "vitest";
import { checkConfiguration, startRefusal } from "@/lib/env-schema";

// A start refuses a bad configuration in one line that names every bad setting
// (instrumentation.ts prints it and exits non-zero).

describe("startRefusal", () => {
  it("accepts the embedded defaults of a fresh laptop", () => {
    expect(startRefusal({})).toBeNull();
    expect(checkConfiguration({}).env?.LOGIN_ACCOUNT_FAILURES).toBe(10);
  });

  it("names every invalid setting in one line", () => {
    const refusal = startRefusal({ CRON_SECRET: "short", PORT: "99999", LOG_LEVEL: "loud" });
    expect(refusal).not.toBeNull();
    expect(refusal!.split("\n")).toHaveLength(1);
    expect(refusal).toMatch(/^Refusing to start: invalid configuration: /);
    for (const name of ["CRON_SECRET", "PORT", "LOG_LEVEL"]) expect(refusal).toContain(name);
  });

  it("refuses production with DATABASE_URL and SMTP_URL but no AUTH_SECRET, serverless or not", () => {
    const base = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      SMTP_URL: "smtp://127.0.0.1:25",
      RECORDING_S3_BUCKET: "dialflow-recordings",
    };
    expect(startRefusal(base)).toMatch(/AUTH_SECRET/);
    expect(startRefusal({ ...base, VERCEL: "1" })).toMatch(/Missing: AUTH_SECRET\./);
    expect(startRefusal({ ...base, RUNTIME: "serverless" })).toMatch(/Missing: AUTH_SECRET\./);
  });

  it("refuses WEBHOOK_ALLOW_PRIVATE in any production build, whatever APP_ENV or VERCEL_ENV say", () => {
    for (const label of [
      {},
      { APP_ENV: "development" },
      { APP_ENV: "preview" },
      { VERCEL_ENV: "preview" },
    ]) {
      for (const on of ["1", "true"]) {
        const refusal = startRefusal({
          NODE_ENV: "production",
          WEBHOOK_ALLOW_PRIVATE: on,
          ...label,
        });
        expect(refusal, JSON.stringify(label)).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
      }
      expect(
        startRefusal({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE: "0", ...label }),
      ).toBeNull();
    }
    // Tests and local development keep it.
    expect(startRefusal({ NODE_ENV: "test", WEBHOOK_ALLOW_PRIVATE: "1" })).toBeNull();
    expect(startRefusal({ APP_ENV: "development", WEBHOOK_ALLOW_PRIVATE: "1" })).toBeNull();
  });

  it("names a missing SMTP_URL in serverless mode alongside other problems", () => {
    const refusal = startRefusal({
      NODE_ENV: "production",
      VERCEL: "1",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      CRON_SECRET: "short",
    });
    expect(refusal).toMatch(/VERCEL=1/);
    expect(refusal).toMatch(/Missing: AUTH_SECRET, SMTP_URL, RECORDING_S3_BUCKET\./);
    expect(refusal).toContain("CRON_SECRET");
  });

  it("refuses a serverless start without a recording bucket, however complete the rest", () => {
    const complete = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      AUTH_SECRET: "a".repeat(32),
      SMTP_URL: "smtp://127.0.0.1:25",
    };
    for (const mode of [{ RUNTIME: "serverless" }, { VERCEL: "1" }]) {
      const refusal = startRefusal({ ...complete, ...mode });
      expect(refusal).toMatch(/Missing: RECORDING_S3_BUCKET\./);
      expect(refusal!.split("\n")).toHaveLength(1);
      expect(
        startRefusal({ ...complete, ...mode, RECORDING_S3_BUCKET: "dialflow-rec" }),
      ).toBeNull();
    }
    // A long-running server keeps recordings on its disk without one.
    expect(startRefusal(complete)).toBeNull();
    expect(startRefusal({ ...complete, RUNTIME: "server", VERCEL: "1" })).toBeNull();
  });

  it("a build or a command-line tool does not need what only a serving instance needs", () => {
    const { env, problems } = checkConfiguration({
      VERCEL: "1",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      AUTH_SECRET: "a".repeat(32),
    });
    expect(problems).toEqual([]);
    expect(env).not.toBeNull();
  });
});
