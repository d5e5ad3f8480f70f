// npm run bench:records: team account records with 1,000 items on one business:
//  1. pull latency: the drawer's first pull of all of them (GET /api/records/:placeId/items,
//     page after page as the browser does) and a pull since a cursor after one change, through
//     the real route, against the floor: the same indexed read of the same rows straight from the
//     database, measured in the same run;
//  2. sync traffic per edit: the bytes a one-note edit puts on the wire (request and answer
//     bodies), against the size of the edit itself (the note as JSON).
// Throw-away embedded database by default; DATABASE_URL runs it on PostgreSQL (use a new one).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

if (!process.env.DATABASE_URL)
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-records-"));
process.env.LOG_LEVEL = "silent";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const { NextRequest } = await import("next/server");
  const route = await import("@/app/api/records/[placeId]/items/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { issueSession } = await import("@/lib/auth/sessions");
  const db = await getDb();

  await addAccount(db, { username: "bench-records", password: "bench-password" });
  const me = await db.user.findUniqueOrThrow({ where: { username: "bench-records" } });
  const { token } = await issueSession("user", me.id, "127.0.0.1");
  const placeId = `ChIJbench-${crypto.randomBytes(6).toString("hex")}`;
  const url = `http://127.0.0.1/api/records/${placeId}/items`;
  const params = { params: Promise.resolve({ placeId }) };
  const headers = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    "x-dialflow-socket-ip": "127.0.0.1",
  };
  const push = async (changes: unknown[]) => {
    const body = JSON.stringify({ changes, account: { name: "Bench Dental" } });
    const res = await route.PUT(new NextRequest(url, { method: "PUT", headers, body }), params);
    if (res.status !== 200) throw new Error(`push: ${res.status} ${await res.text()}`);
    return { sent: Buffer.byteLength(body), received: Buffer.byteLength(await res.text()) };
  };
  const pull = async (since: string | null) => {
    const res = await route.GET(
      new NextRequest(since ? `${url}?since=${since}` : url, { headers }),
      params,
    );
    if (res.status !== 200) throw new Error(`pull: ${res.status}`);
    return (await res.json()) as { items: unknown[]; cursor: string; more: boolean };
  };

  // A business a team has worked for years: notes, contacts and appointments, 100 per push.
  const note = (id: string, text: string) => ({
    kind: "note",
    itemId: id,
    op: "put",
    data: { id, text, created: Date.now() },
  });
  let t = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < ITEMS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(ITEMS, i + 100); j++) {
      const id = crypto.randomUUID();
      ids.push(id);
      batch.push(note(id, `Call ${j}: spoke to the front desk, asked to call back about pricing.`));
    }
    await push(batch);
  }
  console.log(`${ITEMS} items pushed in ${ITEMS / 100} batches: ${ms(performance.now() - t)}`);

  // 1. Pull latency, route vs floor, interleaved so both see the same machine.
  const full: number[] = [];
  const fullFloor: number[] = [];
  const since: number[] = [];
  const sinceFloor: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    t = performance.now();
    let cursor: string | null = null;
    let count = 0;
    for (;;) {
      const page = await pull(cursor);
      count += page.items.length;
      cursor = page.cursor;
      if (!page.more) break;
    }
    full.push(performance.now() - t);
    if (count !== ITEMS) throw new Error(`pulled ${count} of ${ITEMS}`);

    t = performance.now();
    const rows = await db.accountItem.findMany({
      where: { organizationId: me.organizationId, placeId },
      orderBy: { seq: "asc" },
      include: { createdBy: { select: { username: true } } },
    });
    fullFloor.push(performance.now() - t);
    if (rows.length !== ITEMS) throw new Error("floor read");

    // One change by the rep, then the pull since the cursor a drawer holds.
    await push([note(ids[run % ids.length]!, `Edited in run ${run}`)]);
    t = performance.now();
    const changed = await pull(cursor);
    since.push(performance.now() - t);
    if (changed.items.length !== 1) throw new Error(`since: ${changed.items.length} items`);
    t = performance.now();
    await db.accountItem.findMany({
      where: { organizationId: me.organizationId, placeId, seq: { gt: BigInt(cursor!) } },
      orderBy: { seq: "asc" },
      include: { createdBy: { select: { username: true } } },
    });
    sinceFloor.push(performance.now() - t);
  }
  const row = (name: string, app: number[], floor: number[]) => {
    const [a50, a95, f50, f95] = [
      percentile(app, 0.5),
      percentile(app, 0.95),
      percentile(floor, 0.5),
      percentile(floor, 0.95),
    ];
    console.log(
      `${name.padEnd(34)} route p50 ${ms(a50)} p95 ${ms(a95)} | floor p50 ${ms(f50)} p95 ${ms(f95)} | ratio p50 ${(a50 / f50).toFixed(2)}`,
    );
  };
  console.log(`\npull latency, ${RUNS} runs each (medians and p95):`);
  row(`full pull of ${ITEMS} items`, full, fullFloor);
  row("pull since a cursor (1 change)", since, sinceFloor);

  // 2. Traffic of one edit against its own size.
  const id = ids[0]!;
  const edit = note(id, "Spoke to the owner: send the quote on Monday.");
  const editBytes = Buffer.byteLength(JSON.stringify(edit.data));
  const wire = await push([edit]);
  const total = wire.sent + wire.received;
  console.log(
    `\none note edit: the item ${editBytes} B; request ${wire.sent} B + answer ${wire.received} B = ${total} B on the wire (${(total / editBytes).toFixed(1)}x the edit)`,
  );
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
