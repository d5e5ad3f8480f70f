// The enrichment pool: sliding concurrency of 5, 3 attempts with 150/300 ms back-off, once
// per place, silent skip and silent abort. Fake timers drive the back-off.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEnrichmentQueue } from "@/modules/targets/lib/enrichment-queue";

type Deferred = { id: string; resolve: (v: string) => void; reject: (e: unknown) => void };

function harness(overrides: { concurrency?: number } = {}) {
  const calls: Deferred[] = [];
  const startedAt: { id: string; t: number }[] = [];
  let running = 0;
  let maxRunning = 0;
  const enriched: string[] = [];
  const skipped: string[] = [];
  let idle = 0;
  const controller = new AbortController();
  const queue = createEnrichmentQueue<string>({
    ...overrides,
    signal: controller.signal,
    fetchOne: (id) =>
      new Promise<string>((resolve, reject) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        startedAt.push({ id, t: Date.now() });
        const done =
          <A extends unknown[]>(f: (...a: A) => void) =>
          (...a: A) => {
            running--;
            f(...a);
          };
        calls.push({ id, resolve: done(resolve), reject: done(reject) });
      }),
    onEnriched: (id) => enriched.push(id),
    onSkipped: (id) => skipped.push(id),
    onIdle: () => idle++,
  });
  return {
    queue,
    calls,
    startedAt,
    enriched,
    skipped,
    controller,
    get running() {
      return running;
    },
    get maxRunning() {
      return maxRunning;
    },
    get idle() {
      return idle;
    },
    open: () => calls.filter((c) => !(c as { settled?: boolean }).settled),
  };
}

const ids = (n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("enrichment queue", () => {
  it("runs at most 5 at once and starts the next as soon as one finishes (sliding, not batches)", async () => {
    const h = harness();
    h.queue.add(ids(12));
    await flush();
    expect(h.calls.map((c) => c.id)).toEqual(["p0", "p1", "p2", "p3", "p4"]);
    h.calls[2]!.resolve("x");
    await flush();
    // One finished: exactly one more started, while the other four are still running.
    expect(h.calls).toHaveLength(6);
    expect(h.calls[5]!.id).toBe("p5");
    expect(h.running).toBe(5);
    let next = 0;
    while (h.enriched.length < 12) {
      const open = h.calls.filter((c) => !h.enriched.includes(c.id));
      open[next % open.length]!.resolve("x");
      next++;
      await flush();
      expect(h.running).toBeLessThanOrEqual(5);
    }
    expect(h.maxRunning).toBe(5);
    expect(h.enriched.sort()).toEqual(ids(12).sort());
    expect(h.idle).toBe(1);
  });

  it("retries after 150 ms then 300 ms, and skips silently after the third failure", async () => {
    const h = harness();
    h.queue.add(["a"]);
    await flush();
    h.calls[0]!.reject(new Error("503"));
    await flush();
    await vi.advanceTimersByTimeAsync(149);
    expect(h.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(2);
    h.calls[1]!.reject(new Error("503"));
    await flush();
    await vi.advanceTimersByTimeAsync(299);
    expect(h.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(3);
    h.calls[2]!.reject(new Error("503"));
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toHaveLength(3);
    expect(h.skipped).toEqual(["a"]);
    expect(h.enriched).toEqual([]);
    expect(h.idle).toBe(1);
  });

  it("keeps the place that succeeds on its second attempt", async () => {
    const h = harness();
    h.queue.add(["a"]);
    await flush();
    h.calls[0]!.reject(new Error("timeout"));
    await vi.advanceTimersByTimeAsync(150);
    h.calls[1]!.resolve("details");
    await flush();
    expect(h.enriched).toEqual(["a"]);
    expect(h.skipped).toEqual([]);
  });

  it("a retrying place holds its slot during the back-off", async () => {
    const h = harness();
    h.queue.add(ids(6));
    await flush();
    h.calls[0]!.reject(new Error("x"));
    await flush();
    // p0 waits 150 ms for its retry; p5 must not start meanwhile.
    expect(h.calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(150);
    expect(h.calls.map((c) => c.id)).toEqual(["p0", "p1", "p2", "p3", "p4", "p0"]);
  });

  it("enriches each place once, even when the same ids are added again (Load More, cache)", async () => {
    const h = harness();
    expect(h.queue.add(["a", "b", "a"])).toBe(2);
    await flush();
    h.calls.forEach((c) => c.resolve("x"));
    await flush();
    expect(h.queue.add(["a", "b", "c"])).toBe(1);
    await flush();
    expect(h.calls.map((c) => c.id)).toEqual(["a", "b", "c"]);
  });

  it("adding while busy keeps the pool sliding at 5", async () => {
    const h = harness();
    h.queue.add(ids(3, "a"));
    await flush();
    h.queue.add(ids(5, "b"));
    await flush();
    expect(h.running).toBe(5);
    expect(h.queue.pending()).toBe(8);
  });

  it("stops silently on abort: no new fetches, no retries, no callbacks", async () => {
    const h = harness();
    h.queue.add(ids(10));
    await flush();
    h.calls[0]!.reject(new Error("x"));
    await flush();
    h.controller.abort();
    h.calls[1]!.resolve("late");
    h.calls[2]!.reject(new Error("late"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toHaveLength(5);
    expect(h.enriched).toEqual([]);
    expect(h.skipped).toEqual([]);
    expect(h.queue.add(["z"])).toBe(0);
  });
});
