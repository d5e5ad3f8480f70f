// npm run bench: every benchmark, one after the other, each in its own process (so that one's
// memory or open servers never colour the next). Hold the machine quiet while it runs (on a
// shared machine, under a lock every heavy job takes: `flock <lock file> npm run bench`).
// BENCH_ONLY=server,auth picks some.
import { spawnSync } from "node:child_process";
import path from "node:path";

/** The benchmark scripts, in the order they run. */
export const benches = [
  "bench/server.ts",
  "bench/embedded.ts",
  "bench/auth.ts",
  "bench/durability.ts",
  "bench/places.ts",
  "bench/calls.ts",
  "bench/web.ts",
  "bench/call-setup.ts",
  "bench/power-dial.ts",
  "bench/parallel-dial.ts",
  "bench/records.ts",
  "bench/live.ts",
];

const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const picked = only
  ? benches.filter((b) => only.includes(path.basename(b, path.extname(b))))
  : benches;

let failed = 0;
for (const bench of picked) {
  console.log(`\n=== ${bench} ===`);
  const res = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", bench], {
    stdio: "inherit",
  });
  if (res.status !== 0) {
    failed++;
    console.error(`${bench} failed (exit ${res.status ?? res.signal})`);
  }
}
process.exit(failed ? 1 : 0);
