import "client-only";
import { isTransient, retryDelay, type OutboxTimers } from "@/modules/calls/client/outbox";
import { readStored, writeStored } from "@/lib/client/storage";
import { recordsOutboxKey } from "./outbox-key";
import { facilityFamily } from "@/modules/facility/lib/store";
import { canonical, diffItems, fingerprint, type ItemChange } from "./items";
import { mergeServerItems, type ServerItem } from "./merge";
import { dropKeys, entryKey, nextBatch, pendingKeys, reconcilePlace, removeSent } from "./outbox";
import type { RecordsOutboxEntry } from "./outbox-entry";
import { recordsSyncFamily } from "./sync-keys";

// The sync engine: the facility store stays the rep's working copy (instant, offline); this
// moves item changes between it and the team's records.
//   diff:  local data vs the place's synced snapshot -> the outbox (one entry per item, latest wins)
//   push:  the outbox, a batch per place (PUT /api/records/:placeId/items), retried with back-off
//          while the server is unreachable, a 4xx final; the answer is merged like a pull
//   pull:  GET since the place's cursor, page by page, merged (./merge.ts): the server's item
//          replaces the local one unless a change to it is still queued; tombstones remove
// A place never synced has an empty snapshot, so everything the rep stored before records were
// shared that the team lacks is queued as puts on its first sync (what today's rules refuse, as legacy).

export const PUSH_BATCH = 100; // modules/records/lib/schemas.ts ACCOUNT_PUSH_MAX
const MAX_PULL_PAGES = 50;

export type PushAnswer = {
  items: ServerItem[];
  rejected: { kind: ServerItem["kind"]; itemId: string; code: string; message: string }[];
};
export type PullAnswer = { items: ServerItem[]; cursor: string; more: boolean };

export type RecordsApi = {
  push(placeId: string, changes: ItemChange[]): Promise<PushAnswer>;
  pull(placeId: string, since: string | null): Promise<PullAnswer>;
};

/** Why the server kept the team's version instead of the rep's change. */
export type Refusal = "not_author" | "deleted";

export type SyncStatus = "idle" | "syncing" | "synced" | "offline" | "error";

const systemTimers: OutboxTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const toChange = (e: RecordsOutboxEntry): ItemChange => ({
  kind: e.kind,
  itemId: e.itemId,
  op: e.op,
  ...(e.op === "put" ? { data: e.data } : {}),
  ...(e.legacy ? { legacy: true } : {}),
});

export type RecordsSync = ReturnType<typeof createRecordsSync>;

export function createRecordsSync(api: RecordsApi, timers: OutboxTimers = systemTimers) {
  const readOutbox = () => readStored(recordsOutboxKey);
  const writeOutbox = (entries: RecordsOutboxEntry[]) =>
    void writeStored(recordsOutboxKey, entries);

  const status = new Map<string, SyncStatus>();
  const refusalListeners = new Set<(placeId: string, reason: Refusal) => void>();
  const listeners = new Set<() => void>();
  const setStatus = (placeId: string, next: SyncStatus) => {
    if (status.get(placeId) === next) return;
    status.set(placeId, next);
    listeners.forEach((l) => l());
  };

  /**
   * Diffs a place's local data against its snapshot and queues what the server lacks; true when
   * the queue changed.
   */
  function queueLocalChanges(placeId: string): boolean {
    const data = readStored(facilityFamily.key(placeId));
    const state = readStored(recordsSyncFamily.key(placeId));
    const changes = diffItems(state.snapshot, data, state.forceLegacy, state.refused);
    const before = readOutbox();
    const after = reconcilePlace(before, placeId, changes, timers.now());
    if (canonical(after) === canonical(before)) return false;
    writeOutbox(after);
    return true;
  }

  /** Merges server items into the place's data and sync state; `cursor` only from a pull. */
  function merge(placeId: string, items: ServerItem[], cursor?: string) {
    const dataKey = facilityFamily.key(placeId);
    const stateKey = recordsSyncFamily.key(placeId);
    const data = readStored(dataKey);
    const state = readStored(stateKey);
    const outbox = readOutbox();
    const merged = mergeServerItems(data, state, items, pendingKeys(outbox, placeId));
    if (merged.data !== data && canonical(merged.data) !== canonical(data))
      writeStored(dataKey, merged.data);
    writeStored(stateKey, cursor === undefined ? merged.state : { ...merged.state, cursor });
    if (merged.dropPending.length) writeOutbox(dropKeys(outbox, placeId, merged.dropPending));
  }

  const neverPulled = (placeId: string) =>
    readStored(recordsSyncFamily.key(placeId)).cursor === null;

  async function pull(placeId: string) {
    for (let page = 0; page < MAX_PULL_PAGES; page++) {
      const since = readStored(recordsSyncFamily.key(placeId)).cursor || null;
      const answer = await api.pull(placeId, since);
      merge(placeId, answer.items, answer.cursor);
      if (!answer.more) return;
    }
  }

  // --- the outbox run: one at a time, oldest place first -------------------------------------
  let running: Promise<void> | null = null;
  let failures = 0;
  let retryTimer: unknown = null;
  let disposed = false;
  const cancelRetry = () => {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  };

  async function sendBatch(batch: RecordsOutboxEntry[]) {
    const placeId = batch[0].placeId;
    const answer = await api.push(placeId, batch.map(toChange));
    writeOutbox(removeSent(readOutbox(), batch));
    const invalid = new Set(answer.rejected.filter((r) => r.code === "invalid").map(entryKey));
    const retry: string[] = [];
    if (invalid.size) {
      // Refused as invalid: sent once more as legacy, so the server keeps it marked "needs
      // fixing"; refused even then, it stays here and is not sent again until it changes.
      const stateKey = recordsSyncFamily.key(placeId);
      const state = readStored(stateKey);
      const forceLegacy = new Set(state.forceLegacy);
      const refused = { ...state.refused };
      for (const e of batch) {
        const key = entryKey(e);
        if (!invalid.has(key) || e.op !== "put") continue;
        if (e.legacy) refused[key] = fingerprint(e.data);
        else {
          forceLegacy.add(key);
          retry.push(key);
        }
      }
      writeStored(stateKey, { ...state, forceLegacy: [...forceLegacy], refused });
    }
    merge(placeId, answer.items);
    if (retry.length) queueLocalChanges(placeId);
    // Refused for good (a teammate's note, a deleted item): the team's version is back in the
    // store; the rep is told why their change did not stay.
    for (const r of answer.rejected)
      if (r.code === "not_author" || r.code === "deleted")
        refusalListeners.forEach((l) => l(placeId, r.code as Refusal));
  }

  async function run() {
    for (;;) {
      if (disposed) return;
      const batch = nextBatch(readOutbox(), PUSH_BATCH);
      if (batch.length === 0) {
        failures = 0;
        return;
      }
      const placeId = batch[0].placeId;
      setStatus(placeId, "syncing");
      try {
        await sendBatch(batch);
        failures = 0;
        if (pendingKeys(readOutbox(), placeId).size === 0) setStatus(placeId, "synced");
      } catch (error) {
        if (isTransient(error)) {
          failures += 1;
          setStatus(placeId, "offline");
          cancelRetry();
          if (!disposed)
            retryTimer = timers.setTimeout(() => {
              retryTimer = null;
              void flush();
            }, retryDelay(failures));
          return;
        }
        // The server's final word on this batch: drop it (the next diff sends the items again
        // only if they still differ from the snapshot, which a refusal leaves as it was).
        writeOutbox(removeSent(readOutbox(), batch));
        setStatus(placeId, "error");
      }
    }
  }

  function flush(): Promise<void> {
    if (running) return running;
    cancelRetry();
    running = run()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  }

  /** "synced" once nothing of the place is queued (a failure's status stays until then). */
  function settle(placeId: string) {
    if (status.get(placeId) === "syncing" && pendingKeys(readOutbox(), placeId).size === 0)
      setStatus(placeId, "synced");
  }

  // --- one place's sync: queue, pull, queue again (a first sync's merge), push ----------------
  const inFlight = new Map<string, Promise<void>>();
  function sync(placeId: string): Promise<void> {
    const current = inFlight.get(placeId);
    if (current) return current;
    const job = (async () => {
      setStatus(placeId, "syncing");
      try {
        // A place's first sync pulls before it diffs: an item the team already has (this rep's
        // export imported and synced elsewhere, since edited) takes the team's version, and
        // only what the server lacks is uploaded. Later syncs queue first, so the rep's own
        // changes win over what the pull brings.
        if (!neverPulled(placeId)) queueLocalChanges(placeId);
        await pull(placeId);
        queueLocalChanges(placeId);
      } catch (error) {
        setStatus(placeId, isTransient(error) ? "offline" : "error");
        return;
      }
      await flush();
      settle(placeId);
    })().finally(() => inFlight.delete(placeId));
    inFlight.set(placeId, job);
    return job;
  }

  return {
    sync,
    /**
     * The place's data may have changed here: queue what is new and send it. Nothing new (the
     * engine's own writes, a change already queued and waiting to retry) sends nothing.
     */
    localChange(placeId: string) {
      // Never pulled: the data stays in the store, and the first sync queues it after its pull.
      if (neverPulled(placeId) || !queueLocalChanges(placeId)) return;
      setStatus(placeId, "syncing");
      void flush().then(() => settle(placeId));
    },
    flush,
    status: (placeId: string): SyncStatus => status.get(placeId) ?? "idle",
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Told when the server refuses a change for good (who may change what, a deleted item). */
    subscribeRefusals(listener: (placeId: string, reason: Refusal) => void) {
      refusalListeners.add(listener);
      return () => {
        refusalListeners.delete(listener);
      };
    },
    dispose() {
      disposed = true;
      cancelRetry();
    },
    resume() {
      disposed = false;
    },
  };
}
