// npm run bench:live: how soon 50 signed-in browsers of one team hear a teammate's note through
// the live channel (GET /api/live), through the real routes in this process:
//   delivery = from the start of the note's PUT to the moment each of the 50 streams has the
//   event; the floor is the PUT's own answer time in the same round (a browser cannot hear of a
//   change before it is saved). The target is 2 s at p95.
// Throw-away embedded database by default; DATABASE_URL runs it on PostgreSQL (use a new one),
// and adds a second figure: a change as another instance sends it (NOTIFY), heard through this
// instance's LISTEN by the 50 streams.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

if (!process.env.DATABASE_URL)
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-live-"));
process.env.LOG_LEVEL = "silent";

const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const { NextRequest } = await import("next/server");
  const live = await import("@/app/api/live/route");
  const records = await import("@/app/api/records/[placeId]/items/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { issueSession } = await import("@/lib/auth/sessions");
  const { createSseParser } = await import("@/lib/live/sse");
  const db = await getDb();

  const org = await db.organization.create({ data: { name: `bench-live-${Date.now()}` } });
  const tokens: string[] = [];
  for (let i = 0; i < BROWSERS; i++) {
    const username = `bench-live-${crypto.randomBytes(4).toString("hex")}`;
    await addAccount(db, { username, password: "bench-password" });
    const user = await db.user.update({
      where: { username },
      data: { organizationId: org.id },
    });
    tokens.push((await issueSession("user", user.id, "127.0.0.1")).token);
  }
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    "x-dialflow-socket-ip": "127.0.0.1",
  });

  // The 50 streams, each resolving the waiter of the place it hears about.
  const controllers: AbortController[] = [];
  const heard = new Map<string, ((at: number) => void)[]>();
  await Promise.all(
    tokens.map(async (token) => {
      const controller = new AbortController();
      controllers.push(controller);
      const res = await live.GET(
        new NextRequest("http://127.0.0.1/api/live", {
          headers: headers(token),
          signal: controller.signal,
        }),
        { params: Promise.resolve({}) },
      );
      if (res.status !== 200) throw new Error(`live: ${res.status}`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let ready: () => void = () => {};
      const opened = new Promise<void>((resolve) => (ready = resolve));
      const parse = createSseParser((name, data) => {
        if (name === "ready") return ready();
        const { placeId } = JSON.parse(data) as { placeId?: string };
        heard.get(placeId ?? "")?.shift()?.(performance.now());
      });
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: "", done: true }));
          if (done) return;
          parse(value);
        }
      })();
      await opened;
    }),
  );

  const delivery: number[] = [];
  const floor: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const placeId = `ChIJbench-live-${crypto.randomBytes(6).toString("hex")}`;
    const arrivals = Array.from(
      { length: BROWSERS },
      () =>
        new Promise<number>((resolve) =>
          heard.set(placeId, [...(heard.get(placeId) ?? []), resolve]),
        ),
    );
    const itemId = crypto.randomUUID();
    const body = JSON.stringify({
      changes: [
        {
          kind: "note",
          itemId,
          op: "put",
          data: { id: itemId, text: "call after lunch", created: Date.now() },
        },
      ],
    });
    const start = performance.now();
    const res = await records.PUT(
      new NextRequest(`http://127.0.0.1/api/records/${placeId}/items`, {
        method: "PUT",
        headers: headers(tokens[run % BROWSERS]!),
        body,
      }),
      { params: Promise.resolve({ placeId }) },
    );
    if (res.status !== 200) throw new Error(`push: ${res.status} ${await res.text()}`);
    await res.text();
    floor.push(performance.now() - start);
    for (const at of await Promise.all(arrivals)) delivery.push(at - start);
  }

  // On PostgreSQL, the same round as another instance would send it: NOTIFY, then LISTEN here.
  const relayed: number[] = [];
  if (process.env.DATABASE_URL) {
    const { getDbState } = await import("@/lib/db/client");
    const { connection } = await getDbState();
    for (let run = 0; run < RUNS; run++) {
      const placeId = `ChIJbench-relay-${crypto.randomBytes(6).toString("hex")}`;
      const arrivals = Array.from(
        { length: BROWSERS },
        () =>
          new Promise<number>((resolve) =>
            heard.set(placeId, [...(heard.get(placeId) ?? []), resolve]),
          ),
      );
      const change = { topic: "records", placeId, by: "another-instance" };
      const start = performance.now();
      await connection.pool!.query("SELECT pg_notify('dialflow_team_changes', $1)", [
        JSON.stringify({ org: org.id, from: "bench-other-instance", change }),
      ]);
      for (const at of await Promise.all(arrivals)) relayed.push(at - start);
    }
  }
  controllers.forEach((c) => c.abort());

  const p95 = percentile(delivery, 0.95);
  const floorP95 = percentile(floor, 0.95);
  console.log(
    `live channel, ${BROWSERS} streams of one team, ${RUNS} notes (${process.env.DATABASE_URL ? "PostgreSQL, NOTIFY/LISTEN" : "embedded, in-process"}):`,
  );
  console.log(
    `  delivery to every stream: p50 ${ms(percentile(delivery, 0.5))}, p95 ${ms(p95)}, max ${ms(Math.max(...delivery))} (${delivery.length} deliveries)`,
  );
  console.log(
    `  floor, the note's PUT alone: p50 ${ms(percentile(floor, 0.5))}, p95 ${ms(floorP95)}`,
  );
  console.log(`  delivery p95 / floor p95: ${(p95 / floorP95).toFixed(2)}; target: p95 <= 2000 ms`);
  if (relayed.length > 0)
    console.log(
      `  from another instance (NOTIFY -> LISTEN -> 50 streams): p50 ${ms(percentile(relayed, 0.5))}, p95 ${ms(percentile(relayed, 0.95))}`,
    );
  await closeDb();
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
