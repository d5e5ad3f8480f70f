// npm run test:e2e [-- playwright args]: builds the production bundle (scripts/build.mjs), then runs Playwright
// against it with the system Chromium. E2E_SKIP_BUILD=1 reuses an existing build.
//
// E2E_SHARDS=N (default 1) splits the spec files into N shards run side by side, each by its own
// Playwright with its own server, embedded database, mailbox and peers on its own ports
// (E2E_PORT + 100 × shard), so no shard sees another's data. The files are dealt by their last
// measured duration (tests/e2e/durations.json, longest first onto the shard with the least so far),
// not by count as Playwright's --shard does: a few long specs would otherwise hold one shard back.
// E2E_RECORD_DURATIONS=1 writes that file again from the run's JSON reports. The specs that judge
// real-time audio (those with Chromium's fake microphone: a tone heard for its full length, a
// message played to its end) run after the shards, alone on the machine: beside another shard
// the browser's audio thread misses its deadlines and the peer hears a message cut short.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { findChromium } from "./find-chromium.mjs";

const chromium = findChromium();
const env = { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: "1" };
const playwright = path.resolve("node_modules/@playwright/test/cli.js");
const args = process.argv.slice(2);

function run(cmd, cmdArgs) {
  const res = spawnSync(cmd, cmdArgs, { stdio: "inherit", env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const durationsFile = path.resolve("tests/e2e/durations.json");
const reportFile = (index) => path.resolve(`test-results/shard-${index}.json`);

/** Specs that open Chromium's fake microphone (tests/e2e/sip-fixture.ts): they run alone. */
const needsQuietMachine = (spec) =>
  fs.readFileSync(spec, "utf8").includes("fakeMediaLaunchOptions");

/** Playwright's arguments without the spec files named in them, and those files. */
function splitArgs() {
  const isSpec = (arg) => !arg.startsWith("-") && arg.endsWith(".spec.ts");
  const named = args.filter(isSpec);
  const specs =
    named.length > 0
      ? named
      : fs
          .readdirSync("tests/e2e")
          .filter((name) => name.endsWith(".spec.ts"))
          .map((name) => `tests/e2e/${name}`);
  return { options: args.filter((arg) => !isSpec(arg)), specs: specs.sort() };
}

/** The spec files dealt into `count` shards of about equal measured time. */
function deal(specs, count) {
  let known = {};
  try {
    known = JSON.parse(fs.readFileSync(durationsFile, "utf8"));
  } catch {
    // No measurements yet: every file counts the same.
  }
  const values = Object.values(known).sort((a, b) => a - b);
  const typical = values.length > 0 ? values[Math.floor(values.length / 2)] : 1;
  const weight = (spec) => known[path.basename(spec)] ?? typical;
  const shards = Array.from({ length: count }, () => ({ specs: [], seconds: 0 }));
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  return shards.map((shard) => ({ ...shard, specs: shard.specs.sort() }));
}

/** One shard's Playwright, its lines prefixed with the shard so that interleaved output reads. */
function runShard(index, count, shard, options, children) {
  const port = Number(process.env.E2E_PORT ?? 3100) + 100 * (index - 1);
  console.log(
    `[shard ${index}/${count}] ${shard.specs.length} files, ~${Math.round(shard.seconds / 60)} min measured: ${shard.specs.map((s) => path.basename(s, ".spec.ts")).join(", ")}`,
  );
  const child = spawn(
    process.execPath,
    [playwright, "test", ...options, `--output=test-results/shard-${index}`, ...shard.specs],
    {
      env: { ...env, E2E_PORT: String(port), E2E_JSON_REPORT: reportFile(index) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    readline
      .createInterface({ input: stream })
      .on("line", (line) => console.log(`[shard ${index}/${count}] ${line}`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

/** Seconds per spec file from the shards' JSON reports, into tests/e2e/durations.json. */
function recordDurations(count) {
  const seconds = {};
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.basename(spec.file);
      for (const test of spec.tests) {
        for (const result of test.results)
          seconds[file] = (seconds[file] ?? 0) + result.duration / 1000;
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (let i = 1; i <= count; i++) {
    if (!fs.existsSync(reportFile(i))) {
      console.error(
        `No JSON report from shard ${i} (a --reporter option replaces it): durations not written.`,
      );
      return;
    }
    const report = JSON.parse(fs.readFileSync(reportFile(i), "utf8"));
    for (const suite of report.suites) visit(suite);
  }
  const sorted = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, s]) => [file, Math.round(s)]),
  );
  fs.writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), durationsFile)}.`);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  run(process.execPath, [path.resolve("scripts/build.mjs")]);
}
const shards = Number(process.env.E2E_SHARDS || 1);
if (!Number.isInteger(shards) || shards < 1) {
  console.error(
    `E2E_SHARDS must be a whole number of at least 1, not "${process.env.E2E_SHARDS}".`,
  );
  process.exit(2);
}
if (shards === 1) {
  run(process.execPath, [playwright, "test", ...args]);
} else {
  // Stopped from outside (Ctrl-C, a CI time-out): each Playwright stops its own server on SIGINT.
  const children = [];
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      for (const child of children) child.kill("SIGINT");
    });
  }
  const { options, specs } = splitArgs();
  const alone = specs.filter(needsQuietMachine);
  const dealt = deal(
    specs.filter((spec) => !alone.includes(spec)),
    shards,
  ).filter((shard) => shard.specs.length > 0);
  const codes = await Promise.all(
    dealt.map((shard, i) => runShard(i + 1, dealt.length, shard, options, children)),
  );
  const failed = codes.flatMap((code, i) => (code === 0 ? [] : [`shard ${i + 1}`]));
  if (alone.length > 0) {
    // With a server, database and ports of its own, like a shard.
    const [shard] = deal(alone, 1);
    const code = await runShard(dealt.length + 1, dealt.length + 1, shard, options, children);
    if (code !== 0) failed.push("the audio specs run alone");
  }
  if (process.env.E2E_RECORD_DURATIONS === "1")
    recordDurations(dealt.length + (alone.length ? 1 : 0));
  if (failed.length > 0) {
    console.error(`\nBrowser tests failed in ${failed.join(", ")}.`);
    process.exit(1);
  }
}
