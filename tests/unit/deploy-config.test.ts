import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { startRefusal } from "@/lib/env-schema";

// The deployment configuration files stay in step with lib/env-schema.ts (the settings lib/env.ts reads from
// process.env): every setting it reads is in .env.example and the configuration table
// (docs/configuration.md, which the README links), and vercel.json's crons call routes that exist.

const envSource = fs.readFileSync("lib/env-schema.ts", "utf8");
const settings = [...envSource.matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\b/gm)].map((m) => m[1]!);

describe("deployment configuration", () => {
  it("reads a non-trivial list of settings from lib/env-schema.ts", () => {
    expect(settings).toContain("DATABASE_URL");
    expect(settings).toContain("CRON_SECRET");
    expect(settings.length).toBeGreaterThan(40);
  });

  it(".env.example names every setting", () => {
    const example = fs.readFileSync(".env.example", "utf8");
    const missing = settings.filter((s) => !new RegExp(`^(# )?${s}=`, "m").test(example));
    expect(missing).toEqual([]);
  });

  it("the configuration table names every setting", () => {
    const page = fs.readFileSync("docs/configuration.md", "utf8");
    const start = page.indexOf("## Every setting");
    expect(start).toBeGreaterThan(-1);
    const end = page.indexOf("\n## ", start + 5);
    const table = page.slice(start, end === -1 ? undefined : end);
    const missing = settings.filter((s) => s !== "NODE_ENV" && !table.includes(`\`${s}\``));
    expect(missing).toEqual([]);
  });

  it("the configuration table and .env.example mark what a serverless start requires as required there", () => {
    const refusal = startRefusal({ RUNTIME: "serverless" }) ?? "";
    const required = /Missing: ([A-Z0-9_, ]+)\./.exec(refusal)?.[1]?.split(", ") ?? [];
    expect(required).toEqual(["DATABASE_URL", "AUTH_SECRET", "SMTP_URL", "RECORDING_S3_BUCKET"]);
    const page = fs.readFileSync("docs/configuration.md", "utf8");
    const row = (name: string) =>
      page.split("\n").find((line) => line.startsWith(`| \`${name}\``)) ?? "";
    for (const name of required) expect(row("RUNTIME"), name).toContain(`\`${name}\``);
    expect(row("RECORDING_S3_BUCKET")).toMatch(/required in serverless mode/);
    // .env.example lists them under its "Required in serverless" heading.
    const example = fs.readFileSync(".env.example", "utf8");
    const section = example.slice(
      example.indexOf("# --- Required in serverless"),
      example.indexOf("# --- ", example.indexOf("# --- Required in serverless") + 5),
    );
    for (const name of required) expect(section, name).toMatch(new RegExp(`^(# )?${name}=`, "m"));
  });

  it("vercel.json builds with npm run build and its crons call existing routes", () => {
    const vercel = JSON.parse(fs.readFileSync("vercel.json", "utf8")) as {
      buildCommand: string;
      crons: { path: string; schedule: string }[];
    };
    expect(vercel.buildCommand).toBe("npm run build");
    expect(vercel.crons.length).toBeGreaterThan(0);
    for (const cron of vercel.crons) {
      expect(fs.existsSync(`app${cron.path}/route.ts`), cron.path).toBe(true);
      expect(cron.schedule.split(" ")).toHaveLength(5);
    }
  });
});
