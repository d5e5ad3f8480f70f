// npm run bench:places: how long a rep waits on the Targets screen, measured through the real
// route handlers against the Places API (New) peer with realistic latencies (Text Search
// ~450 ms, Place Details ~180 ms, each with jitter): search → rows painted, and → all 20 rows
// enriched through the browser's pool (5 at a time, 3 attempts, 150 ms doubling back-off).
// Also: Load More, a second rep hitting the details cache, and the opt-in one-call search.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startPlacesPeer } from "../tests/peers/places-peer.mjs";

const searchDelayMs = 350;
const detailsDelayMs = 110;
const jitterMs = 200;

async function main() {
  if (!process.env.DATABASE_URL)
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "dialflow-bench-"));
  process.env.LOG_LEVEL = "silent";
  const peer = await startPlacesPeer({
    apiKey: "bench-key",
    searchDelayMs,
    detailsDelayMs,
    jitterMs,
  });
  process.env.PLACES_API_KEY = peer.apiKey;
  process.env.PLACES_API_BASE_URL = peer.url;
  process.env.PLACES_SEARCH_PER_MINUTE = "10000";
  process.env.PLACES_DETAILS_PER_MINUTE = "100000";

  const { NextRequest } = await import("next/server");
  const { POST: login } = await import("@/app/api/auth/login/route");
  const { GET: search } = await import("@/app/api/places/search/route");
  const { GET: details } = await import("@/app/api/places/[placeId]/route");
  const { addAccount } = await import("@/modules/team/lib/account-admin");
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { clearServerCaches } = await import("@/lib/server-caches");
  const { searchResponseSchema, placeDetailsResponseSchema } =
    await import("@/modules/places/lib/schemas");
  const { createEnrichmentQueue } = await import("@/modules/targets/lib/enrichment-queue");
  const { createGoogleProvider } = await import("@/modules/places/lib/google");

  const req = (url: string, token?: string, body?: unknown) =>
    new NextRequest(`http://bench${url}`, {
      method: body ? "POST" : "GET",
      headers: {
        "content-type": "application/json",
        "x-dialflow-socket-ip": "10.0.0.1",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  await getDb();
  const tokens: string[] = [];
  for (const username of ["bench-a", "bench-b"]) {
    await addAccount(await getDb(), { username, password: "bench-password" });
    const res = await login(
      req("/api/auth/login", undefined, { username, password: "bench-password" }),
    );
    tokens.push(((await res.json()) as { token: string }).token);
  }

  async function page(token: string, q: string, pageToken?: string) {
    const qs = new URLSearchParams({ q, ...(pageToken ? { pageToken } : {}) });
    const res = await search(req(`/api/places/search?${qs}`, token));
    return searchResponseSchema.parse(await res.json());
  }

  function enrichAll(token: string, ids: string[]) {
    return new Promise<number>((resolve) => {
      let enriched = 0;
      const controller = new AbortController();
      const queue = createEnrichmentQueue({
        signal: controller.signal,
        fetchOne: async (id) => {
          const res = await details(req(`/api/places/${id}`, token), {
            params: Promise.resolve({ placeId: id }),
          });
          if (!res.ok) throw new Error(String(res.status));
          return placeDetailsResponseSchema.parse(await res.json());
        },
        onEnriched: () => enriched++,
        onIdle: () => resolve(enriched),
      });
      queue.add(ids);
    });
  }

  const stats = (label: string, samples: number[]) => {
    const s = [...samples].sort((a, b) => a - b);
    const pct = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(0);
    console.log(
      `${label.padEnd(46)} n=${s.length}  p50=${pct(0.5)} ms  p95=${pct(0.95)} ms  max=${s.at(-1)!.toFixed(0)} ms`,
    );
  };

  const runs = 8;
  const painted: number[] = [];
  const enriched: number[] = [];
  const morePainted: number[] = [];
  const moreEnriched: number[] = [];
  const cachedEnriched: number[] = [];
  await page(tokens[0]!, "warm up"); // first-call compilation is not what a rep waits for
  for (let i = 0; i < runs; i++) {
    clearServerCaches();
    const q = `dentists in Austin ${i}`;
    const t0 = performance.now();
    const first = await page(tokens[0]!, q);
    painted.push(performance.now() - t0);
    const n = await enrichAll(
      tokens[0]!,
      first.places.map((p) => p.place_id),
    );
    if (n !== 20) throw new Error(`enriched ${n} of 20`);
    enriched.push(performance.now() - t0);

    const t1 = performance.now();
    const second = await page(tokens[0]!, q, first.nextPageToken!);
    morePainted.push(performance.now() - t1);
    await enrichAll(
      tokens[0]!,
      second.places.map((p) => p.place_id),
    );
    moreEnriched.push(performance.now() - t1);

    // Another rep runs the same search: the details come from the server's cache.
    const t2 = performance.now();
    const again = await page(tokens[1]!, q);
    await enrichAll(
      tokens[1]!,
      again.places.map((p) => p.place_id),
    );
    cachedEnriched.push(performance.now() - t2);
  }

  const contact = createGoogleProvider({
    apiKey: peer.apiKey,
    baseUrl: peer.url,
    timeoutMs: 10_000,
    searchIncludesContact: true,
  });
  const oneCall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await contact.searchText({ query: `plumbers in Dallas ${i}` });
    oneCall.push(performance.now() - t);
  }

  console.log(
    `Places peer latencies: search ${searchDelayMs}+0..${jitterMs} ms, details ${detailsDelayMs}+0..${jitterMs} ms`,
  );
  stats("search → 20 rows painted", painted);
  stats("search → 20 rows enriched (pool of 5)", enriched);
  stats("Load More → 20 more rows painted", morePainted);
  stats("Load More → 20 more rows enriched", moreEnriched);
  stats("second rep, same search → enriched (cache)", cachedEnriched);
  stats("opt-in one-call search (contact included)", oneCall);
  const { counts } = (await (await fetch(`${peer.url}/__peer`)).json()) as {
    counts: { search: number; details: number };
  };
  console.log(`upstream calls: ${counts.search} searches, ${counts.details} details`);

  await peer.close();
  await closeDb();
  if (!process.env.DATABASE_URL) fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
