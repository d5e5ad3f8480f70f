import { canonical, itemKey, type ItemChange } from "./items";
import { RECORDS_OUTBOX_MAX, type RecordsOutboxEntry } from "./outbox-entry";

// The records outbox's queue operations, pure. One entry per (place, kind, itemId): a newer
// change to the same item replaces the queued one in place (coalescing: only the latest state
// is sent), and a change the diff no longer sees (the rep undid it) leaves the queue.

export const entryKey = (e: { kind: ItemChange["kind"]; itemId: string }) =>
  itemKey(e.kind, e.itemId);

const sameChange = (a: ItemChange, b: ItemChange) =>
  a.op === b.op &&
  Boolean(a.legacy) === Boolean(b.legacy) &&
  canonical(a.data) === canonical(b.data);

/**
 * The queue with the place's entries replaced by `changes` (the place's whole diff). Unchanged
 * entries keep their revision, so a send in flight still counts as current.
 */
export function reconcilePlace(
  entries: readonly RecordsOutboxEntry[],
  placeId: string,
  changes: readonly ItemChange[],
  now: number,
): RecordsOutboxEntry[] {
  let rev = entries.reduce((max, e) => Math.max(max, e.rev), 0);
  const wanted = new Map(changes.map((c) => [entryKey(c), c]));
  const out: RecordsOutboxEntry[] = [];
  for (const e of entries) {
    if (e.placeId !== placeId) {
      out.push(e);
      continue;
    }
    const change = wanted.get(entryKey(e));
    if (!change) continue;
    wanted.delete(entryKey(e));
    out.push(sameChange(e, change) ? e : { ...change, placeId, rev: ++rev, queuedAt: now });
  }
  for (const change of wanted.values()) out.push({ ...change, placeId, rev: ++rev, queuedAt: now });
  return out.length > RECORDS_OUTBOX_MAX ? out.slice(out.length - RECORDS_OUTBOX_MAX) : out;
}

/** Removes exactly the sent entries (same place, item and revision); newer ones stay. */
export function removeSent(
  entries: readonly RecordsOutboxEntry[],
  sent: readonly RecordsOutboxEntry[],
): RecordsOutboxEntry[] {
  const done = new Set(sent.map((e) => `${e.placeId}\u0000${entryKey(e)}\u0000${e.rev}`));
  return entries.filter((e) => !done.has(`${e.placeId}\u0000${entryKey(e)}\u0000${e.rev}`));
}

/** Removes the place's entries for these item keys (a tombstone made them moot). */
export function dropKeys(
  entries: readonly RecordsOutboxEntry[],
  placeId: string,
  keys: readonly string[],
): RecordsOutboxEntry[] {
  if (keys.length === 0) return [...entries];
  const drop = new Set(keys);
  return entries.filter((e) => e.placeId !== placeId || !drop.has(entryKey(e)));
}

/** The next batch: the oldest entry's place, up to `max` of its changes, in queue order. */
export function nextBatch(
  entries: readonly RecordsOutboxEntry[],
  max: number,
  maxBytes = PUSH_BATCH_BYTES,
): RecordsOutboxEntry[] {
  const head = entries[0];
  if (!head) return [];
  const batch: RecordsOutboxEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (entry.placeId !== head.placeId) continue;
    const size = JSON.stringify(entry).length;
    // The server refuses a body over MAX_BODY_BYTES (64 KiB by default): stay well under it,
    // and always send at least one entry (an item is at most 8 KiB: ACCOUNT_ITEM_MAX_BYTES).
    if (batch.length >= max || (batch.length > 0 && bytes + size > maxBytes)) break;
    batch.push(entry);
    bytes += size;
  }
  return batch;
}

/** How much one push may carry, in JSON characters (the server's body limit is 64 KiB). */
export const PUSH_BATCH_BYTES = 48 * 1024;

/** The item keys of a place with a change still queued. */
export function pendingKeys(entries: readonly RecordsOutboxEntry[], placeId: string): Set<string> {
  return new Set(entries.filter((e) => e.placeId === placeId).map(entryKey));
}
