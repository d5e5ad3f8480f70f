import "client-only";
import { defineKeyFamily } from "@/lib/client/storage";
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
