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
    };
    expect(startRefusal(base)).toMatch(/AUTH_SECRET/);
    expect(startRefusal({ ...base, VERCEL: "1" })).toMatch(/Missing: AUTH_SECRET\./);
    expect(startRefusal({ ...base, RUNTIME: "serverless" })).toMatch(/Missing: AUTH_SECRET\./);
  });

  it("names a missing SMTP_URL in serverless mode alongside other problems", () => {
    const refusal = startRefusal({
      NODE_ENV: "production",
      VERCEL: "1",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      CRON_SECRET: "short",
    });
    expect(refusal).toMatch(/VERCEL=1/);
    expect(refusal).toMatch(/Missing: AUTH_SECRET, SMTP_URL\./);
    expect(refusal).toContain("CRON_SECRET");
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
