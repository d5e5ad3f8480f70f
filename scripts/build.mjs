// npm run build: with DATABASE_URL set, first brings that database up to date (scripts/db-deploy.ts:
// migrations under an advisory lock, demo accounts with SEED_DEMO=1), then `next build`. This is
// what a preview deployment runs, so that its serverless instances start without migrating.
// Without DATABASE_URL (a laptop, a container image) it only builds; the long-running server
// still applies pending migrations when it starts. After the build, the public pages' script
// hashes go into the routes manifest (scripts/public-page-csp.mjs): build with this script, not a
// bare `next build`, or no public page runs a script.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { distDir } from "./dist-dir.mjs";
import { writePublicPageCsp } from "./public-page-csp.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" };

function run(title, args) {
  console.log(`\n> ${title}`);
  const res = spawnSync(process.execPath, args, { stdio: "inherit", env });
  if (res.status !== 0) {
    console.error(`${title} failed.`);
    process.exit(res.status ?? 1);
  }
}

if (process.env.DATABASE_URL) {
  run("Database: migrations", [
    "--conditions=react-server",
    "--import",
    "tsx",
    path.resolve("scripts/db-deploy.ts"),
  ]);
} else {
  console.log(
    "DATABASE_URL is unset: no migrations at build time (the server applies them at start).",
  );
}
run("next build", [path.resolve("node_modules/next/dist/bin/next"), "build"]);
const csp = writePublicPageCsp(path.resolve(distDir));
console.log(`Public pages: script hashes of ${csp.pages} pages written into the routes manifest.`);
