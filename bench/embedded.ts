// npm run bench:embedded (also part of `npm run bench`): where the embedded database should run.
// The same Prisma query (the profile's session-joined-to-user lookup) through three set-ups:
//   in-process   PGlite on the calling thread, pglite-prisma-adapter (what the server did before)
//   worker       PGlite in a worker thread serving the wire protocol on a unix socket, `pg`
//                adapter with a pool of 4 (what the server does: lib/db/connect.ts), with
//                unnamed statements (parsed and planned on every query) and with prepared ones
//                (each connection prepares a text once), and pools of 1 and 8 for comparison
//   child        the same server in a child process instead of a thread
// For each: queries/s at 20 concurrent callers, p99, and how busy the calling thread's event
// loop was (event-loop utilisation: the share left for serving requests is 1 - ELU).
// BENCH_ROUNDS (default 3) alternating rounds, BENCH_SECONDS (default 4) each; medians.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

process.env.LOG_LEVEL = "silent";
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const childSource = `
import { openPglite } from ${JSON.stringify(path.resolve("lib/db/embedded/durable-fs.mjs"))};
import { startSocketServer } from ${JSON.stringify(path.resolve("lib/db/embedded/socket-server.mjs"))};
const [pgdata, socketPath] = process.argv.slice(2);
const db = await openPglite(pgdata, { startParams: ["-c", "shared_buffers=16MB"] });
const server = await startSocketServer(db, socketPath);
process.send("ready");
process.on("message", async () => { await server.close(); await db.close(); process.exit(0); });
`;

type Setup = { name: string; query(): Promise<unknown>; close(): Promise<void> };

async function main() {
  const { PrismaClient } = await import("@/lib/generated/prisma/client");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { openPglite } = await import("@/lib/db/durable-fs");
  const { applyMigrations } = await import("@/lib/db/schema-engine");
  const { startDbWorker } = await import("@/lib/db/embedded-worker");
  const { embeddedPoolSize, embeddedStartParams, PreparingClient, statementName } =
    await import("@/lib/db/connect");
  const pg = (await import("pg")).default;

  const root = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-embedded-"));
  const template = path.join(root, "template");
  fs.mkdirSync(template, { recursive: true, mode: 0o700 });
  {
    const db = await openPglite(path.join(template, "pgdata"));
    await applyMigrations(new PrismaPGlite(db));
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
    const org = await prisma.organization.create({ data: { name: "bench" } });
    const user = await prisma.user.create({
      data: {
        username: "bench",
        usernameKey: "bench",
        passwordHash: "x",
        organizationId: org.id,
        email: "b@x.test",
      },
    });
    await prisma.session.create({
      data: {
        id: "00000000-0000-4000-8000-000000000001",
        kind: "user",
        userId: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await prisma.$disconnect();
    await db.close();
  }
  const copy = (name: string) => {
    const dir = path.join(root, name);
    fs.cpSync(template, dir, { recursive: true });
    return dir;
  };
  const profileQuery = (prisma: InstanceType<typeof PrismaClient>) => () =>
    prisma.$queryRaw`
      SELECT a."id", a."username", a."disabled", a."email", a."emailVerified"
      FROM "Session" s JOIN "User" a ON a."id" = s."userId"
      WHERE s."id" = ${"00000000-0000-4000-8000-000000000001"}::uuid AND s."revokedAt" IS NULL
        AND s."expiresAt" > ${new Date()}`;
  const socketPrisma = (socketDir: string, max = 4, prepared = false) => {
    const pool = new pg.Pool({
      Client: prepared ? PreparingClient : undefined,
      host: socketDir,
      port: 5432,
      user: "postgres",
      database: "template1",
      max,
    });
    pool.on("error", () => undefined);
    const adapter = new PrismaPg(
      pool,
      prepared ? { statementNameGenerator: statementName } : undefined,
    );
    return { prisma: new PrismaClient({ adapter }), pool };
  };
  const workerSetup = (name: string, max: number, prepared: boolean) => async () => {
    const dir = copy(`worker-${max}-${prepared}`);
    const socketDir = path.join(dir, "socket");
    const worker = await startDbWorker({
      pgdataDir: path.join(dir, "pgdata"),
      socketPath: path.join(socketDir, ".s.PGSQL.5432"),
      durable: true,
      startParams: embeddedStartParams,
    });
    const { prisma, pool } = socketPrisma(socketDir, max, prepared);
    return {
      name,
      query: profileQuery(prisma),
      async close() {
        await prisma.$disconnect();
        await pool.end();
        await worker.close();
      },
    };
  };

  const setups: (() => Promise<Setup>)[] = [
    async () => {
      const db = await openPglite(path.join(copy("inproc"), "pgdata"), {
        startParams: embeddedStartParams,
      });
      const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
      return {
        name: "in-process (before)",
        query: profileQuery(prisma),
        async close() {
          await prisma.$disconnect();
          await db.close();
        },
      };
    },
    workerSetup(`worker, pool ${embeddedPoolSize}, unnamed`, embeddedPoolSize, false),
    workerSetup(`worker, pool ${embeddedPoolSize}, prepared`, embeddedPoolSize, true),
    workerSetup("worker, pool 1, prepared", 1, true),
    workerSetup("worker, pool 8, prepared", 8, true),
    async () => {
      const dir = copy("child");
      const socketDir = path.join(dir, "socket");
      const file = path.join(dir, "child.mjs");
      fs.writeFileSync(file, childSource);
      const child = fork(file, [path.join(dir, "pgdata"), path.join(socketDir, ".s.PGSQL.5432")], {
        stdio: "inherit",
      });
      await new Promise((resolve) => child.once("message", resolve));
      const { prisma, pool } = socketPrisma(socketDir);
      return {
        name: "child process + socket",
        query: profileQuery(prisma),
        async close() {
          await prisma.$disconnect();
          await pool.end();
          child.send("close");
          await new Promise((resolve) => child.once("exit", resolve));
        },
      };
    },
  ];

  const results = new Map<string, { qps: number[]; p99: number[]; elu: number[] }>();
  for (let round = 0; round < rounds; round++) {
    for (const make of setups) {
      const setup = await make();
      for (let i = 0; i < 200; i++) await setup.query(); // warm-up
      const latencies: number[] = [];
      const elu0 = performance.eventLoopUtilization();
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (performance.now() < end) {
            const t = performance.now();
            await setup.query();
            latencies.push(performance.now() - t);
          }
        }),
      );
      const elu = performance.eventLoopUtilization(elu0).utilization;
      latencies.sort((a, b) => a - b);
      const r = results.get(setup.name) ?? { qps: [], p99: [], elu: [] };
      r.qps.push(latencies.length / seconds);
      r.p99.push(latencies[Math.floor(latencies.length * 0.99)]!);
      r.elu.push(elu);
      results.set(setup.name, r);
      await setup.close();
    }
    process.stderr.write(`round ${round + 1}/${rounds} done\n`);
  }
  console.log(
    `\nembedded database placement: ${rounds} rounds x ${seconds} s, 20 concurrent callers, medians`,
  );
  console.log("| set-up                        | queries/s | p99 ms | calling thread busy |");
  console.log("| ----------------------------- | --------- | ------ | ------------------- |");
  for (const [name, r] of results) {
    console.log(
      `| ${name.padEnd(29)} | ${median(r.qps).toFixed(0).padStart(9)} | ${median(r.p99).toFixed(1).padStart(6)} | ${`${(median(r.elu) * 100).toFixed(0)} %`.padStart(19)} |`,
    );
  }
  fs.rmSync(root, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
