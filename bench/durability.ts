// npm run bench:durability: what syncing every commit to disk costs on this machine.
// Opens two embedded databases in a temporary folder, one as PGlite ships it (fsync off) and one
// as DialFlow opens it (lib/db/durable-fs.ts: fsync on, WAL synced at commit), runs the same
// single-row autocommit INSERTs on both and prints ms per commit beside the floor: one raw
// write + fsync of 8 KB on the same file system, the least a durable commit can cost.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "@/lib/db/durable-fs";

const commits = Number(process.env.BENCH_COMMITS ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const root = fs.mkdtempSync(
  path.join(process.env.BENCH_DIR ?? os.tmpdir(), "dialflow-durability-"),
);

function fsyncFloor() {
  const file = path.join(root, "floor");
  const fd = fs.openSync(file, "w");
  const page = Buffer.alloc(8192, 1);
  const t0 = performance.now();
  for (let i = 0; i < commits; i++) {
    fs.writeSync(fd, page, 0, page.length, (i % 16) * 8192);
    fs.fsyncSync(fd);
  }
  const ms = (performance.now() - t0) / commits;
  fs.closeSync(fd);
  return ms;
}

async function commitCost(durable: boolean, round: number) {
  const db = await openPglite(path.join(root, `${durable ? "durable" : "shipped"}-${round}`), {
    durable,
  });
  await db.exec("CREATE TABLE t (id serial primary key, v text)");
  for (let i = 0; i < 20; i++) await db.query("INSERT INTO t (v) VALUES ($1)", ["warm"]);
  const t0 = performance.now();
  for (let i = 0; i < commits; i++) await db.query("INSERT INTO t (v) VALUES ($1)", [`row ${i}`]);
  const ms = (performance.now() - t0) / commits;
  await db.close();
  return ms;
}

async function main() {
  try {
    // Interleaved rounds and medians: a busy machine otherwise decides the result.
    const floors: number[] = [];
    const shippedRuns: number[] = [];
    const durableRuns: number[] = [];
    for (let round = 0; round < rounds; round++) {
      floors.push(fsyncFloor());
      shippedRuns.push(await commitCost(false, round));
      durableRuns.push(await commitCost(true, round));
    }
    const floor = median(floors);
    const shipped = median(shippedRuns);
    const durable = median(durableRuns);
    const fmt = (n: number) => `${n.toFixed(3)} ms`;
    console.log(`commits per run:                  ${commits} x ${rounds} rounds, medians`);
    console.log(`floor (8 KB write + fsync):       ${fmt(floor)}`);
    console.log(`commit, fsync off (as shipped):   ${fmt(shipped)}`);
    console.log(`commit, durable (DialFlow):       ${fmt(durable)}`);
    console.log(`cost of durability per commit:    ${fmt(durable - shipped)}`);
    console.log(`durable commit over the floor:    ${fmt(durable - floor)}`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
