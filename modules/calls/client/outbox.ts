import { ApiClientError, isAbortError } from "@/lib/client/api-error";
import { OUTBOX_MAX_ENTRIES, type OutboxEntry, type OutboxKind } from "./outbox-entry";

// The call outbox: every call request is written to browser storage first and removed once the
// server has answered, so a call made while the server is unreachable (or the tab closes
// mid-request) is sent later. Requests are PUTs keyed by the browser's own call id, so sending
// one twice never makes two calls: retries are safe, whichever tab or page load sends them.
// Entries go out one at a time, oldest first, so a disposition never overtakes its call.

export type OutboxTimers = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type OutboxDeps = {
  read(): readonly OutboxEntry[];
  write(entries: OutboxEntry[]): void;
  /** Sends one entry; resolves when the server stored it, throws (ApiClientError) otherwise. */
  send(entry: OutboxEntry): Promise<void>;
  timers?: OutboxTimers;
  /** The server refused an entry for good (4xx): it is dropped, and reported here. */
  onDrop?(entry: OutboxEntry, error: unknown): void;
  /** An entry reached the server. */
  onSent?(entry: OutboxEntry): void;
};

/** First retry after 2 s, doubling to at most a minute. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * Whether a failed request is worth sending again: no answer at all (network, abort), the server
 * failing (5xx), throttled or timed out, or not signed in right now (the next sign-in sends it).
 * Any other 4xx is the server's final word about that body.
 */
export function isTransient(error: unknown): boolean {
  if (isAbortError(error)) return true;
  if (!(error instanceof ApiClientError)) return true;
  const { status } = error;
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * Adds an entry, or replaces the queued one for the same call and kind in place (each PUT carries
 * the whole record so far, so the newest body is all the server needs, and the order is kept).
 */
export function enqueue(
  entries: readonly OutboxEntry[],
  next: Omit<OutboxEntry, "rev">,
): OutboxEntry[] {
  const rev = entries.reduce((max, e) => Math.max(max, e.rev), 0) + 1;
  const entry: OutboxEntry = { ...next, rev };
  const at = entries.findIndex((e) => e.kind === next.kind && e.callId === next.callId);
  if (at >= 0) return entries.map((e, i) => (i === at ? entry : e));
  const all = [...entries, entry];
  return all.length > OUTBOX_MAX_ENTRIES ? all.slice(all.length - OUTBOX_MAX_ENTRIES) : all;
}

/** Removes exactly this entry (same call, kind and revision); a newer body stays queued. */
export function removeEntry(entries: readonly OutboxEntry[], sent: OutboxEntry): OutboxEntry[] {
  return entries.filter(
    (e) => !(e.kind === sent.kind && e.callId === sent.callId && e.rev === sent.rev),
  );
}

const systemTimers: OutboxTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type CallOutbox = {
  /**
   * Queues a request and starts sending (after `sendAfterMs`, when given: the request is in
   * local storage at once either way); never throws and never waits for the network.
   */
  submit(
    kind: OutboxKind,
    callId: string,
    body: Record<string, unknown>,
    options?: { sendAfterMs?: number },
  ): void;
  /** Sends what is queued now (the connection came back); resolves when the run stops. */
  flush(): Promise<void>;
  /** How many requests are waiting. */
  size(): number;
  /** Stops retrying (the page is leaving); `resume` starts again (React re-mounting in dev). */
  dispose(): void;
  resume(): void;
};

export function createCallOutbox(deps: OutboxDeps): CallOutbox {
  const timers = deps.timers ?? systemTimers;
  let running: Promise<void> | null = null;
  let failures = 0;
  let retryTimer: unknown = null;
  let disposed = false;

  const cancelRetry = () => {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  };
  const scheduleRetry = () => {
    cancelRetry();
    if (disposed) return;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      void flush();
    }, retryDelay(failures));
  };

  async function run() {
    for (;;) {
      if (disposed) return;
      const head = deps.read()[0];
      if (!head) {
        failures = 0;
        return;
      }
      try {
        await deps.send(head);
        failures = 0;
        deps.onSent?.(head);
      } catch (error) {
        if (isTransient(error)) {
          failures += 1;
          scheduleRetry();
          return;
        }
        deps.onDrop?.(head, error);
      }
      deps.write(removeEntry(deps.read(), head));
    }
  }

  function flush(): Promise<void> {
    if (running) return running;
    cancelRetry();
    running = run()
      .catch(() => {
        // read/write never throw (the storage module reports instead); this only keeps an
        // unexpected error from leaving the outbox stuck as "running".
        failures += 1;
        scheduleRetry();
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    submit(kind, callId, body, options) {
      try {
        deps.write(
          enqueue(deps.read(), {
            kind,
            callId,
            body: body as OutboxEntry["body"],
            queuedAt: timers.now(),
          }),
        );
      } catch {
        return;
      }
      if (options?.sendAfterMs) timers.setTimeout(() => void flush(), options.sendAfterMs);
      else void flush();
    },
    flush,
    size: () => deps.read().length,
    dispose() {
      disposed = true;
      cancelRetry();
    },
    resume() {
      disposed = false;
    },
  };
}
