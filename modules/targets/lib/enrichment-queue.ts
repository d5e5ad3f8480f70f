// The Targets screen's detail enrichment (spec sections 4, 8, 9): a sliding pool of 5
// concurrent detail fetches (a new one starts as soon as one finishes, not in batches of 5),
// up to 3 attempts each with 150 ms back-off doubling (150, 300), then the place is skipped
// silently. Each place id is enriched once, even when Load More adds places while the pool
// is busy. Aborting stops everything silently. Pure logic: no React, no fetch.

export type EnrichmentOptions<T> = {
  /** Fetches one place's details; rejects to trigger a retry. */
  fetchOne: (id: string, signal: AbortSignal) => Promise<T>;
  onEnriched: (id: string, value: T) => void;
  /** After the last attempt failed; the screen does nothing visible. */
  onSkipped?: (id: string, error: unknown) => void;
  /** Every id added so far is settled (enriched or skipped). */
  onIdle?: () => void;
  signal: AbortSignal;
  concurrency?: number;
  attempts?: number;
  backoffMs?: number;
  /** Injected for tests; resolves after ms unless the signal aborts first. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

export const enrichmentDefaults = { concurrency: 5, attempts: 3, backoffMs: 150 } as const;

export function abortableSleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export type EnrichmentQueue = {
  /** Queues ids not seen before; returns how many were new. */
  add(ids: readonly string[]): number;
  /** Ids added and not yet settled. */
  pending(): number;
  /** Fetches running right now. */
  running(): number;
};

export function createEnrichmentQueue<T>(opts: EnrichmentOptions<T>): EnrichmentQueue {
  const concurrency = opts.concurrency ?? enrichmentDefaults.concurrency;
  const attempts = opts.attempts ?? enrichmentDefaults.attempts;
  const backoffMs = opts.backoffMs ?? enrichmentDefaults.backoffMs;
  const sleep = opts.sleep ?? abortableSleep;
  const { signal } = opts;
  const seen = new Set<string>();
  const queue: string[] = [];
  let active = 0;

  async function enrich(id: string) {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const value = await opts.fetchOne(id, signal);
        if (!signal.aborted) opts.onEnriched(id, value);
        return;
      } catch (err) {
        if (signal.aborted) return;
        if (attempt === attempts) {
          opts.onSkipped?.(id, err);
          return;
        }
        try {
          await sleep(backoffMs * 2 ** (attempt - 1), signal);
        } catch {
          return; // aborted while waiting
        }
      }
    }
  }

  function pump() {
    while (!signal.aborted && active < concurrency && queue.length) {
      const id = queue.shift()!;
      active++;
      void enrich(id).finally(() => {
        active--;
        if (signal.aborted) return;
        pump();
        if (active === 0 && queue.length === 0) opts.onIdle?.();
      });
    }
  }

  return {
    add(ids) {
      if (signal.aborted) return 0;
      let added = 0;
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push(id);
        added++;
      }
      pump();
      return added;
    },
    pending: () => queue.length + active,
    running: () => active,
  };
}
