import type { FacilityData } from "@/modules/facility/lib/schemas";
import { isValidExtraPhone } from "./phone-rule";
import {
  APPOINTMENT_TS_MAX,
  APPOINTMENT_TS_MIN,
  phoneItemId,
} from "@/modules/records/lib/item-ids";

export { phoneItemId };

// Facility data seen as the server's items (modules/records/lib/schemas.ts): one item per note,
// appointment, contact, extra phone and the address override, named by (kind, itemId). Pure, so
// the diff and the merge are tested without a browser.

export const RECORD_KINDS = ["note", "appointment", "contact", "phone", "address"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** One item as the browser holds it; `data` is the payload the server stores for its kind. */
export type LocalItem = { kind: RecordKind; itemId: string; data: unknown; legacy: boolean };

/** The server's item names: letters, digits, ':', '_' or '-', at most 200 characters. */
const ITEM_ID = /^[A-Za-z0-9:_-]{1,200}$/;
export const isSyncableItemId = (id: string) => ITEM_ID.test(id);

/** "kind/itemId": one string per item, for maps and storage. */
export const itemKey = (kind: RecordKind, itemId: string) => `${kind}/${itemId}`;

export function splitItemKey(key: string): { kind: RecordKind; itemId: string } | null {
  const at = key.indexOf("/");
  const kind = key.slice(0, at) as RecordKind;
  return at > 0 && RECORD_KINDS.includes(kind) ? { kind, itemId: key.slice(at + 1) } : null;
}

export const ADDRESS_ITEM_ID = "address";

/**
 * Every item of a place, keyed by itemKey; `legacy` marks what today's rules refuse (the store's
 * own rules are older and looser), so it is sent as it is and kept "needs fixing". Items whose id
 * the server cannot name (an imported backup with odd ids) stay local only: sending them would
 * have the whole batch refused.
 */
export function facilityItems(data: FacilityData): Map<string, LocalItem> {
  const out = new Map<string, LocalItem>();
  const add = (kind: RecordKind, itemId: string, payload: unknown, legacy = false) => {
    if (isSyncableItemId(itemId))
      out.set(itemKey(kind, itemId), { kind, itemId, data: payload, legacy });
  };
  for (const n of data.notes) add("note", n.id, n);
  for (const a of data.appointments)
    add("appointment", a.id, a, a.ts < APPOINTMENT_TS_MIN || a.ts >= APPOINTMENT_TS_MAX);
  for (const c of data.contacts) add("contact", c.id, c);
  for (const p of data.extraPhones)
    add("phone", phoneItemId(p), { phone: p }, !isValidExtraPhone(p));
  if (data.addressOverride) add("address", ADDRESS_ITEM_ID, data.addressOverride);
  return out;
}

/** JSON with object keys sorted: two payloads are the same item state when these match. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A short fingerprint of an item's state (FNV-1a of its canonical JSON). */
export function fingerprint(value: unknown): string {
  const text = canonical(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export type ItemChange = {
  kind: RecordKind;
  itemId: string;
  op: "put" | "delete";
  data?: unknown;
  legacy?: boolean;
};

/**
 * What the server lacks: every local item that differs from the synced snapshot (the last state
 * known to be on the server) is a put, every snapshot item gone locally a delete. `forceLegacy`
 * names items the server refused as invalid once: they go again as legacy, kept "needs fixing";
 * `refused` items (refused even so) are not sent again while they stay as they were.
 */
export function diffItems(
  snapshot: Readonly<Record<string, unknown>>,
  data: FacilityData,
  forceLegacy: readonly string[] = [],
  refused: Readonly<Record<string, string>> = {},
): ItemChange[] {
  const local = facilityItems(data);
  const changes: ItemChange[] = [];
  for (const [key, item] of local) {
    if (key in snapshot && canonical(snapshot[key]) === canonical(item.data)) continue;
    if (refused[key] !== undefined && refused[key] === fingerprint(item.data)) continue;
    const legacy = item.legacy || forceLegacy.includes(key);
    changes.push({
      kind: item.kind,
      itemId: item.itemId,
      op: "put",
      data: item.data,
      ...(legacy ? { legacy: true } : {}),
    });
  }
  for (const key of Object.keys(snapshot)) {
    if (local.has(key)) continue;
    const named = splitItemKey(key);
    if (named) changes.push({ ...named, op: "delete" });
  }
  return changes;
}
