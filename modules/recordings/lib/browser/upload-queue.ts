import type { RecordingApi } from "@/modules/recordings/client/recordings";

// Sends a recording's chunks in order while the call runs. A failed send is retried with
// back-off (and at once when the browser says it is online again); after a failure it first
// asks the server what is stored, so a chunk that did arrive is not sent twice. The server
// treats a repeat of the same bytes as a no-op anyway, so a retry can never corrupt what is kept.

export type UploadQueueOptions = {
  api: RecordingApi;
  recordingId: string;
  /** Back-off before the n-th retry (ms); default 500 ms doubling to 15 s. */
  backoffMs?: (attempt: number) => number;
  /** Told when uploads keep failing (true) and when they recover (false). */
  onTrouble?: (failing: boolean) => void;
  /** Told once per refusal code when the server refuses a chunk for good (`recording_quota`). */
  onRefused?: (code: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type UploadQueue = {
  push(chunk: Blob): void;
  /** Waits for every chunk, then closes the recording with its duration. */
  finish(durationMs: number): Promise<void>;
  /** Chunks not yet acknowledged by the server. */
  pending(): number;
  /** The browser is back online: retry now instead of waiting out the back-off. */
  retryNow(): void;
  dispose(): void;
};

/** Client errors the server will give again whatever we do (409 conflict, 413, 415, 404). */
const final = (error: unknown) => {
  const status = (error as { status?: number }).status ?? 0;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
};

export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { api, recordingId } = options;
  const backoff = options.backoffMs ?? ((n) => Math.min(15_000, 500 * 2 ** n));
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as number));
  const chunks: { index: number; blob: Blob }[] = [];
  let nextIndex = 0;
  let sending = false;
  let attempt = 0;
  let timer: unknown = null;
  let disposed = false;
  let failing = false;
  let checkStored = false;
  let drained: (() => void) | null = null;
  const refusals = new Set<string>();

  const trouble = (next: boolean) => {
    if (next === failing) return;
    failing = next;
    options.onTrouble?.(next);
  };

  async function pump() {
    if (sending || disposed) return;
    sending = true;
    try {
      if (checkStored && chunks.length) {
        const stored = new Set(await api.storedChunks(recordingId));
        for (let i = chunks.length - 1; i >= 0; i--) {
          if (stored.has(chunks[i]!.index)) chunks.splice(i, 1);
        }
        checkStored = false;
      }
      while (chunks.length && !disposed) {
        const head = chunks[0]!;
        try {
          await api.putChunk(recordingId, head.index, head.blob);
        } catch (error) {
          // A refusal the server will repeat: drop this chunk rather than block the rest.
          if (!final(error)) throw error;
          const code = (error as { code?: string }).code ?? "";
          if (!refusals.has(code)) {
            refusals.add(code);
            options.onRefused?.(code);
          }
        }
        chunks.shift();
        attempt = 0;
        trouble(false);
      }
      if (!chunks.length) {
        drained?.();
        drained = null;
      }
    } catch {
      checkStored = true;
      if (attempt >= 2) trouble(true);
      timer = setTimer(() => {
        timer = null;
        void pump();
      }, backoff(attempt++));
    } finally {
      sending = false;
    }
  }

  return {
    push(blob) {
      if (disposed || blob.size === 0) return;
      chunks.push({ index: nextIndex++, blob });
      void pump();
    },
    async finish(durationMs) {
      if (chunks.length) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          void pump();
        });
      }
      // The finish call is retried like a chunk: the server answers a repeat with the same.
      for (let n = 0; !disposed; n++) {
        try {
          await api.finish(recordingId, nextIndex, durationMs);
          return;
        } catch (error) {
          if (final(error)) return;
          await new Promise((r) => setTimer(() => r(null), backoff(n)));
        }
      }
    },
    pending: () => chunks.length,
    retryNow() {
      if (timer === null) return;
      clearTimer(timer);
      timer = null;
      attempt = 0;
      void pump();
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimer(timer);
      drained?.();
    },
  };
}
