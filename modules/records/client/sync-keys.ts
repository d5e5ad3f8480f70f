import "client-only";
import { defineKeyFamily, readStored, writeStored } from "@/lib/client/storage";
import * as r from "@/lib/client/rules";
import { emptySyncState, type ItemMeta, type SyncState } from "./merge";

// Per place and per rep: where the last pull ended, the last state known to be on the server
// (the diff's base) and who changed each item when. Listed in lib/client/storage/keys.ts; defined
// here beside its rule, zod-free because the drawer reads the meta in Targets' first load.

const meta: r.Rule<ItemMeta> = r.object({
  createdBy: r.string({ max: 200 }),
  updatedBy: r.string({ max: 200 }),
  createdAt: r.count,
  updatedAt: r.count,
  needsFixing: r.boolean,
});

export const syncStateRule: r.Rule<SyncState> = r.object({
  cursor: r.nullable(r.string({ max: 40 })),
  snapshot: r.record(r.unknownValue),
  meta: r.record(meta),
  forceLegacy: r.withDefault(r.array(r.string({ max: 300 })), []),
  refused: r.withDefault(r.record(r.string({ max: 40 })), {}),
});

export const recordsSyncFamily = defineKeyFamily<SyncState>({
  prefix: "records.sync",
  version: 1,
  area: "local",
  scope: "user",
  schema: syncStateRule,
  fallback: emptySyncState,
});

/**
 * What the rep last saw of a business (name, number, UTC offset): sent with each push of the
 * place's items and kept by the server as the team's account record, so that the Callbacks list
 * names whom to call. Written when a drawer shows the place or a call to it gets an outcome.
 */
export type AccountSeen = { name: string; phone: string | null; utcOffsetMinutes: number | null };

export const recordsAccountFamily = defineKeyFamily<AccountSeen | null>({
  prefix: "records.account",
  version: 1,
  area: "local",
  scope: "user",
  schema: r.nullable(
    r.object({
      name: r.string({ max: 200 }),
      phone: r.nullable(r.string({ max: 40 })),
      utcOffsetMinutes: r.nullable(r.number({ int: true, min: -720, max: 840 })),
    }),
  ),
  fallback: null,
});

/** Remembers what the rep saw of a business, trimmed to what the server keeps. */
export function rememberAccount(
  placeId: string,
  seen: {
    name: string | null | undefined;
    phone?: string | null;
    utcOffsetMinutes?: number | null;
  },
) {
  const name = seen.name?.trim().slice(0, 200);
  if (!name) return;
  const phone = seen.phone?.trim() || null;
  const offset = seen.utcOffsetMinutes;
  const next: AccountSeen = {
    name,
    phone: phone && phone.length <= 40 ? phone : null,
    utcOffsetMinutes:
      typeof offset === "number" && Number.isInteger(offset) && offset >= -720 && offset <= 840
        ? offset
        : null,
  };
  const key = recordsAccountFamily.key(placeId);
  const current = readStored(key);
  // Keep a known number or offset when this sighting lacks it (a call knows only the name).
  const merged: AccountSeen = {
    name: next.name,
    phone: next.phone ?? current?.phone ?? null,
    utcOffsetMinutes: next.utcOffsetMinutes ?? current?.utcOffsetMinutes ?? null,
  };
  if (
    current?.name !== merged.name ||
    current.phone !== merged.phone ||
    current.utcOffsetMinutes !== merged.utcOffsetMinutes
  )
    writeStored(key, merged);
}
