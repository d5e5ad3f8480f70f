import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The deployment configuration files stay in step with lib/env-schema.ts (the settings lib/env.ts reads from
// process.env): every setting it reads is in .env.example and the README's configuration table,
// and vercel.json's crons call routes that exist.

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

  it("the README configuration table names every setting", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const table = readme.slice(
      readme.indexOf("## Configuration"),
      readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5),
    );
    const missing = settings.filter((s) => s !== "NODE_ENV" && !table.includes(`\`${s}\``));
    expect(missing).toEqual([]);
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
