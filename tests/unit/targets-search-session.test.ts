// The Targets search flow with fake search/details and fake timers: states, cache use,
// silent aborts on a new query, Load More, and the spec's error text.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyPlace, type Place, type SearchResponse } from "@/modules/places/lib/schemas";
import { failureFromError } from "@/modules/targets/lib/search-failure";
import {
  createTargetsSearch,
  searchErrorText,
  targetsStatus,
  type CacheEntryIn,
} from "@/modules/targets/lib/search-session";

const page = (prefix: string, n: number, next: string | null): SearchResponse => ({
  places: Array.from({ length: n }, (_, i) => emptyPlace(`${prefix}${i}`, `${prefix} ${i}`)),
  nextPageToken: next,
  demo: false,
  detailsIncluded: false,
});

function setup() {
  const searches: { q: string; token?: string; signal: AbortSignal }[] = [];
  const detailCalls: string[] = [];
  const cache = new Map<string, CacheEntryIn & { enriched: boolean }>();
  let pages: Record<string, SearchResponse> = {};
  let searchError: unknown = null;
  const s = createTargetsSearch({
    search: async (q, token, signal) => {
      searches.push({ q, token, signal });
      await new Promise((r) => setTimeout(r, 100));
      if (signal.aborted) throw new DOMException("aborted", "AbortError");
      if (searchError) throw searchError;
      return pages[token ?? q]!;
    },
    details: async (id, signal) => {
      detailCalls.push(id);
      await new Promise((r) => setTimeout(r, 50));
      if (signal.aborted) throw new DOMException("aborted", "AbortError");
      return { ...emptyPlace(id), phone: "5125550100" } satisfies Place;
    },
    readCache: (q) => cache.get(q.toLowerCase()) ?? null,
    writeCache: (q, e) =>
      cache.set(q.toLowerCase(), {
        ...e,
        enriched: e.places.every((p) => e.enrichedIds.includes(p.place_id)),
      }),
    toFailure: failureFromError,
  });
  return {
    s,
    searches,
    detailCalls,
    cache,
    setPages: (p: Record<string, SearchResponse>) => (pages = p),
    failWith: (e: unknown) => (searchError = e),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("targets search session", () => {
  it("searches, shows progress done/total, then Ready with the enriched count", async () => {
    const h = setup();
    h.setPages({ dentists: page("a", 20, "t2") });
    h.s.start("dentists");
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "searching" });
    await vi.advanceTimersByTimeAsync(100);
    expect(targetsStatus(h.s.getState())).toEqual({
      kind: "enriching",
      found: 20,
      done: 0,
      total: 20,
      cached: null,
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(targetsStatus(h.s.getState())).toMatchObject({ kind: "enriching", done: 5 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "ready", enriched: 20, cached: null });
    expect(h.s.getState().places[0]!.phone).toBe("5125550100");
    expect(h.detailCalls).toHaveLength(20);
    expect(h.cache.get("dentists")).toMatchObject({ enriched: true, nextPageToken: "t2" });
  });

  it("Load More appends the next page and enriches only the new places", async () => {
    const h = setup();
    h.setPages({ q: page("a", 20, "t2"), t2: page("b", 20, null) });
    h.s.start("q");
    await vi.advanceTimersByTimeAsync(2000);
    h.s.loadMore();
    expect(h.s.getState().loadingMore).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    const st = h.s.getState();
    expect(st.places).toHaveLength(40);
    expect(st.nextPageToken).toBeNull();
    expect(h.searches.map((x) => x.token)).toEqual([undefined, "t2"]);
    expect(h.detailCalls).toHaveLength(40);
    expect(new Set(h.detailCalls).size).toBe(40);
    expect(targetsStatus(st)).toEqual({ kind: "ready", enriched: 40, cached: null });
  });

  it("shows a cached query without searching and enriches only what was not enriched", async () => {
    const h = setup();
    const places = page("c", 3, null).places;
    h.cache.set("dentists", {
      places,
      nextPageToken: null,
      enrichedIds: ["c0"],
      demo: false,
      enriched: false,
    });
    h.s.start("Dentists");
    expect(h.searches).toHaveLength(0);
    expect(targetsStatus(h.s.getState())).toMatchObject({
      kind: "enriching",
      done: 1,
      total: 3,
      cached: 3,
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(h.detailCalls.sort()).toEqual(["c1", "c2"]);
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "ready", enriched: 3, cached: 3 });
  });

  it("a new query aborts the old one silently and clears its results", async () => {
    const h = setup();
    h.setPages({ one: page("o", 20, null), two: page("t", 20, null) });
    h.s.start("one");
    await vi.advanceTimersByTimeAsync(120);
    expect(h.detailCalls).toHaveLength(5);
    h.s.start("two");
    expect(h.s.getState()).toMatchObject({ query: "two", phase: "searching", places: [] });
    expect(h.searches[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    const st = h.s.getState();
    expect(st.places.every((p) => p.place_id.startsWith("t"))).toBe(true);
    expect(st.error).toBeNull();
    expect(h.detailCalls.filter((id) => id.startsWith("o"))).toHaveLength(5);
    expect(targetsStatus(st)).toEqual({ kind: "ready", enriched: 20, cached: null });
  });

  it("halt stops the detail fetches at once and keeps the rows until the next start", async () => {
    const h = setup();
    h.setPages({ one: page("o", 20, null), two: page("t", 3, null) });
    h.s.start("one");
    await vi.advanceTimersByTimeAsync(120);
    expect(h.detailCalls).toHaveLength(5);
    h.s.halt();
    await vi.advanceTimersByTimeAsync(3000);
    // No detail was asked for after the halt, none was applied, and the rows stay.
    expect(h.detailCalls).toHaveLength(5);
    expect(h.s.getState()).toMatchObject({ query: "one", phase: "results" });
    expect(h.s.getState().places).toHaveLength(20);
    expect(h.s.getState().enrichedIds.size).toBe(0);
    h.s.start("two");
    await vi.advanceTimersByTimeAsync(3000);
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "ready", enriched: 3, cached: null });
  });

  it("shows the upstream's status and body in the spec's words", async () => {
    const h = setup();
    h.failWith({
      name: "ApiClientError",
      status: 502,
      code: "places_upstream",
      message: "Places API error 403",
      body: { upstream: { status: 403, body: '{"error":{"code":403}}' } },
    });
    h.s.start("x");
    await vi.advanceTimersByTimeAsync(100);
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "error" });
    expect(searchErrorText(h.s.getState().error!)).toBe(
      'Places API error 403: {"error":{"code":403}}',
    );
  });

  it("uses our server's status and message when there is no upstream answer", () => {
    expect(
      failureFromError({
        name: "ApiClientError",
        status: 504,
        code: "places_timeout",
        message: "Places API did not answer within 10000 ms",
      }),
    ).toEqual({
      status: 504,
      body: "Places API did not answer within 10000 ms",
    });
    expect(failureFromError(new DOMException("x", "AbortError"))).toBeNull();
  });

  it("an empty answer says No results", async () => {
    const h = setup();
    h.setPages({ none: page("n", 0, null) });
    h.s.start("none");
    await vi.advanceTimersByTimeAsync(100);
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "empty" });
  });

  it("an empty query is idle", () => {
    const h = setup();
    h.s.start("  ");
    expect(targetsStatus(h.s.getState())).toEqual({ kind: "idle" });
  });
});
