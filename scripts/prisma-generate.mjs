// Generates the Prisma client without the native schema engine the CLI would otherwise try
// to download (these machines are offline; the generator never runs the engine it names).
import { spawnSync } from "node:child_process";
import process from "node:process";

const result = spawnSync("npx", ["--no-install", "prisma", "generate"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);
