import { facilityDataRule } from "@/modules/facility/client/facility.gen";
import { emptyFacilityData } from "@/modules/facility/lib/data";
import type { FacilityData } from "@/modules/facility/lib/schemas";
import { ADDRESS_ITEM_ID, itemKey, phoneItemId, type RecordKind } from "./items";

// Merging the team's items (a pull, or the answer to a push) into a place's local data.
// Per item: the server's state replaces the local one, unless the rep has an unsent change to
// that item (theirs wins and is pushed next); a tombstone removes the item whatever is pending
// (a deleted note, appointment or contact stays deleted; an address or extra phone pending here is
// set again). Pure: the engine reads and writes the stores around it.

/** An item as the server sends it (modules/records/lib/schemas.ts accountItemSchema). */
export type ServerItem = {
  kind: RecordKind;
  itemId: string;
  data: unknown;
  deleted: boolean;
  needsFixing: boolean;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
};

/** Who made and last changed an item, and when (epoch ms), for the drawer. */
export type ItemMeta = {
  createdBy: string;
  updatedBy: string;
  createdAt: number;
  updatedAt: number;
  needsFixing: boolean;
};

export type SyncState = {
  /** Where the next pull starts (opaque); null before the first sync of this place. */
  cursor: string | null;
  /** The last state known to be on the server, per item key (tombstones are absent). */
  snapshot: Record<string, unknown>;
  meta: Record<string, ItemMeta>;
  /** Items the server refused as invalid: sent again as legacy ("needs fixing"), never lost. */
  forceLegacy: string[];
  /**
   * Items refused even as legacy (too large, say), by key: a fingerprint of the refused state.
   * They stay in this browser and are not sent again until the rep changes them.
   */
  refused: Record<string, string>;
};

export const emptySyncState: SyncState = Object.freeze({
  cursor: null,
  snapshot: {},
  meta: {},
  forceLegacy: [],
  refused: {},
}) as SyncState;

/**
 * The server item's payload in the shape the local store keeps, or null when it would not pass
 * the store's own check (it would make the whole place read as corrupt). Legacy items such as an
 * "abc" phone do pass: the store's rules are the old, looser ones.
 */
function localPayload(item: ServerItem): unknown {
  const one = (patch: Partial<Record<keyof FacilityData, unknown>>) => {
    const checked = facilityDataRule.safeParse({ ...emptyFacilityData, ...patch });
    return checked.success ? checked.data : null;
  };
  switch (item.kind) {
    case "note":
      return one({ notes: [item.data] })?.notes[0] ?? null;
    case "appointment":
      return one({ appointments: [item.data] })?.appointments[0] ?? null;
    case "contact":
      return one({ contacts: [item.data] })?.contacts[0] ?? null;
    case "phone": {
      const phone = (item.data as { phone?: unknown } | null)?.phone;
      return one({ extraPhones: [phone] })?.extraPhones[0] ?? null;
    }
    case "address":
      return one({ addressOverride: item.data })?.addressOverride ?? null;
  }
}

/** Kinds whose item id is fixed by what they hold: a put after a delete sets them again. */
const REVIVABLE: ReadonlySet<RecordKind> = new Set(["address", "phone"]);

type Listed = "notes" | "appointments" | "contacts";
const LIST_OF: Record<"note" | "appointment" | "contact", Listed> = {
  note: "notes",
  appointment: "appointments",
  contact: "contacts",
};

/** Puts (or with null, removes) one item in the data; the same object when nothing changed. */
function applyItem(data: FacilityData, item: ServerItem, payload: unknown | null): FacilityData {
  if (item.kind === "address") {
    if (item.itemId !== ADDRESS_ITEM_ID) return data;
    return { ...data, addressOverride: payload as FacilityData["addressOverride"] };
  }
  if (item.kind === "phone") {
    const at = data.extraPhones.findIndex((p) => phoneItemId(p) === item.itemId);
    if (payload === null) {
      return at < 0 ? data : { ...data, extraPhones: data.extraPhones.filter((_, i) => i !== at) };
    }
    const phones =
      at < 0
        ? [...data.extraPhones, payload as string]
        : data.extraPhones.map((p, i) => (i === at ? (payload as string) : p));
    return { ...data, extraPhones: phones };
  }
  const key = LIST_OF[item.kind];
  const list = data[key] as { id: string }[];
  const at = list.findIndex((x) => x.id === item.itemId);
  let next: { id: string }[];
  if (payload === null) {
    if (at < 0) return data;
    next = list.filter((_, i) => i !== at);
  } else {
    next =
      at < 0
        ? [...list, payload as { id: string }]
        : list.map((x, i) => (i === at ? (payload as { id: string }) : x));
  }
  if (key === "appointments") (next as unknown as { ts: number }[]).sort((a, b) => a.ts - b.ts);
  return { ...data, [key]: next };
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
};

export type MergeResult = {
  data: FacilityData;
  state: SyncState;
  /** Keys of pending changes made moot (a tombstone won): drop them from the outbox. */
  dropPending: string[];
};

/**
 * Merges server items into a place. `pending`: item keys with an unsent local change. The
 * snapshot always follows the server (so the diff keeps seeing the rep's pending change);
 * the local data follows it only where nothing is pending.
 */
export function mergeServerItems(
  data: FacilityData,
  state: SyncState,
  items: readonly ServerItem[],
  pending: ReadonlySet<string>,
): MergeResult {
  let next = data;
  const snapshot = { ...state.snapshot };
  const meta = { ...state.meta };
  let forceLegacy = state.forceLegacy;
  const refused = { ...state.refused };
  const dropPending: string[] = [];
  for (const item of items) {
    const key = itemKey(item.kind, item.itemId);
    if (item.deleted) {
      delete snapshot[key];
      delete meta[key];
      forceLegacy = forceLegacy.filter((k) => k !== key);
      delete refused[key];
      // The address and an extra phone are slots the server fills again on a later put: the
      // rep's unsent value stays and is sent. Other kinds stay deleted.
      if (pending.has(key) && REVIVABLE.has(item.kind)) continue;
      next = applyItem(next, item, null);
      if (pending.has(key)) dropPending.push(key);
      continue;
    }
    const payload = localPayload(item);
    if (payload === null) continue; // unreadable here: leave the local item as it is
    snapshot[key] = item.kind === "phone" ? { phone: payload } : payload;
    delete refused[key];
    meta[key] = {
      createdBy: item.createdBy,
      updatedBy: item.updatedBy,
      createdAt: time(item.createdAt),
      updatedAt: time(item.updatedAt),
      needsFixing: item.needsFixing,
    };
    if (!pending.has(key)) next = applyItem(next, item, payload);
  }
  return { data: next, state: { ...state, snapshot, meta, forceLegacy, refused }, dropPending };
}
