// npm run bench:calls: 100,000 calls in the Call table, then
//  1. the Call Reports export of all of them through the real route and stream (time, peak
//     memory sampled every 10 ms, memory at each quarter of the download: flat = it streams);
//  2. the Call Log's first page (GET /api/calls) under concurrent load with autocannon, against
//     the bare indexed query (the floor) under the same concurrency in the same run.
// Throw-away embedded database by default; DATABASE_URL runs it on PostgreSQL (use a new one).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import type { ReadableStream as WebStream } from "node:stream/web";
import autocannon from "autocannon";

if (!process.env.DATABASE_URL)
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-calls-"));
process.env.LOG_LEVEL = "silent";
process.env.CALLS_READS_PER_MINUTE = "100000";
process.env.REPORT_EXPORTS_PER_MINUTE = "10000";

const TOTAL = Number(process.env.BENCH_CALLS ?? 100_000);
const REPS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function main() {
  const { NextRequest } = await import("next/server");
  const { GET: listRoute } = await import("@/app/api/calls/route");
  const { GET: exportRoute } = await import("@/app/api/reports/call-reports.csv/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { issueSession } = await import("@/lib/auth/sessions");
  const db = await getDb();

  // Reps of one organization; the first is the one whose Call Log is read.
  const users = [];
  for (let i = 0; i < REPS; i++) {
    await addAccount(db, { username: `bench-${i}`, password: "bench-password" });
    users.push(await db.user.findUniqueOrThrow({ where: { username: `bench-${i}` } }));
  }
  const me = users[0]!;
  const { token } = await issueSession("user", me.id, "127.0.0.1");

  let t = performance.now();
  const since = Date.now() - 90 * 86_400_000;
  const ids = `ARRAY[${users.map((u) => `'${u.id}'::uuid`).join(",")}]`;
  const dispositions = `ARRAY['interested','sale','callback','not_interested','voicemail','no_answer','busy','wrong_number','do_not_call']::"CallDisposition"[]`;
  for (let from = 0; from < TOTAL; from += 20_000) {
    const to = Math.min(TOTAL, from + 20_000) - 1;
    // Spread over 90 days, one in five undisposed, sales with an amount.
    await db.$executeRawUnsafe(`
      INSERT INTO "Call" ("id", "organizationId", "userId", "placeId", "dialedDigits", "dialedNumber",
        "originatingNumber", "startedAt", "connectedAt", "endedAt", "talkSeconds", "endReason",
        "disposition", "saleAmount", "updatedAt")
      SELECT gen_random_uuid()::text, '${me.organizationId}'::uuid, (${ids})[1 + i % ${REPS}],
        'place-' || (i % 5000), '415555' || lpad((i % 10000)::text, 4, '0'),
        '+1415555' || lpad((i % 10000)::text, 4, '0'), '+16285550100',
        to_timestamp(${since / 1000} + i * (90 * 86400.0 / ${TOTAL}))::timestamp,
        to_timestamp(${since / 1000} + i * (90 * 86400.0 / ${TOTAL}) + 5)::timestamp,
        to_timestamp(${since / 1000} + i * (90 * 86400.0 / ${TOTAL}) + 5 + i % 600)::timestamp,
        i % 600, 'local',
        CASE WHEN i % 5 = 0 THEN NULL ELSE (${dispositions})[1 + i % 9] END,
        CASE WHEN i % 5 <> 0 AND i % 9 = 1 THEN 100 + i % 900 END, now()
      FROM generate_series(${from}, ${to}) AS i`);
  }
  await db.$executeRawUnsafe(`ANALYZE "Call"`);
  const count = await db.call.count();
  console.log(
    `seeded ${count} calls for ${REPS} reps in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // The route handlers behind a plain HTTP server, so that the download and the load test go
  // through sockets with real backpressure (Next's own server adds routing on top of this).
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://bench");
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    headers.set("x-dialflow-socket-ip", "127.0.0.1");
    const nreq = new NextRequest(url, { method: req.method, headers });
    const route = url.pathname === "/api/calls" ? listRoute : exportRoute;
    const out = await route(nreq);
    res.writeHead(out.status, Object.fromEntries(out.headers));
    if (!out.body) return res.end();
    Readable.fromWeb(out.body as WebStream<Uint8Array>).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const auth = { authorization: `Bearer ${token}` };

  // 1. Export everything.
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const range = `from=${encodeURIComponent(new Date(since - 1000).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`;
  t = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/reports/call-reports.csv?${range}`, {
    headers: auth,
  });
  const reader = res.body!.getReader();
  let bytes = 0;
  let lines = 0;
  const quarters: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
    if (quarters.length < 4 && lines >= ((quarters.length + 1) * TOTAL) / 4) {
      quarters.push(mb(process.memoryUsage().heapUsed));
    }
  }
  const exportMs = performance.now() - t;
  clearInterval(sampler);
  console.log(
    `export: ${lines - 2} rows, ${mb(bytes)} in ${(exportMs / 1000).toFixed(2)} s (${Math.round(((lines - 2) / exportMs) * 1000)} rows/s), status ${res.status}`,
  );
  console.log(
    `  memory: heap before ${mb(before.heapUsed)}, peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)}); ` +
      `rss before ${mb(before.rss)}, peak ${mb(peakRss)} (+${mb(peakRss - before.rss)}); ` +
      `heap at 25/50/75/100%: ${quarters.join(" / ")}`,
  );

  // 2. Call Log first page under load, and the indexed-query floor under the same concurrency.
  const latencies: number[] = [];
  const run = autocannon({
    url: `http://127.0.0.1:${port}/api/calls?limit=25`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: auth,
  });
  run.on("response", (_client, _status, _bytes, ms) => {
    latencies.push(ms);
  });
  const result = await run;
  server.close();

  const floor: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const bare = async () => {
    while (performance.now() < end) {
      const s = performance.now();
      await db.$queryRaw`
        SELECT * FROM "Call"
        WHERE "organizationId" = ${me.organizationId}::uuid AND "userId" = ${me.id}::uuid
        ORDER BY "startedAt" DESC, "id" DESC LIMIT 26`;
      floor.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, bare));
  const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
    `EXPLAIN SELECT * FROM "Call" WHERE "organizationId" = '${me.organizationId}' AND "userId" = '${me.id}' ORDER BY "startedAt" DESC, "id" DESC LIMIT 26`,
  );

  const routeP95 = percentile(latencies, 0.95);
  const floorP95 = percentile(floor, 0.95);
  console.log(
    `call log first page (GET /api/calls?limit=25, ${CONNECTIONS} connections, ${SECONDS} s): ` +
      `${result.requests.total} requests, ${result.non2xx} non-2xx, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${routeP95.toFixed(1)} ms`,
  );
  console.log(
    `indexed-query floor (same query bare, ${CONNECTIONS} concurrent): ${floor.length} queries, ` +
      `p50 ${percentile(floor, 0.5).toFixed(1)} ms, p95 ${floorP95.toFixed(1)} ms`,
  );
  console.log(`ratio route p95 / floor p95: ${(routeP95 / floorP95).toFixed(1)}x`);
  console.log(
    `  plan: ${plan
      .map((r) => r["QUERY PLAN"].trim())
      .slice(0, 2)
      .join(" | ")}`,
  );

  await closeDb();
  if (!process.env.DATABASE_URL) fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
