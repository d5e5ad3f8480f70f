import "client-only";
import { placeRule } from "@/modules/places/client/places.gen";
import * as r from "@/lib/client/rules";
import { defineKeyFamily, readStored, removeStored, writeStored } from "@/lib/client/storage";
import type { Place } from "@/modules/places/lib/schemas";

// Spec 3/4: Targets results kept per lowercased query in session storage under a versioned
// key: {places, nextPageToken, enriched, ts}. `enrichedIds` adds which places already have
// their details, so a cached query enriches only the rest. A corrupt or old-version entry is
// set aside by the storage module and reads as "not cached"; a full quota drops the oldest
// entries and otherwise leaves the search running uncached.

export type SearchCacheEntry = {
  places: Place[];
  nextPageToken: string | null;
  enriched: boolean;
  enrichedIds: string[];
  demo: boolean;
  ts: number;
};

/** Checked without zod (lib/client/rules.ts): Targets reads it at first paint. */
export const searchCacheEntrySchema: r.Rule<SearchCacheEntry> = r.object({
  places: r.array(placeRule),
  nextPageToken: r.nullable(r.string()),
  enriched: r.boolean,
  enrichedIds: r.array(r.string()),
  demo: r.boolean,
  ts: r.number(),
});

export const searchCacheFamily = defineKeyFamily<SearchCacheEntry | null>({
  prefix: "targets.cache",
  version: 1,
  area: "session",
  scope: "user",
  schema: r.nullable(searchCacheEntrySchema),
  fallback: null,
});

export const cacheQueryKey = (query: string) => query.trim().toLowerCase();

export function readSearchCache(query: string): SearchCacheEntry | null {
  return readStored(searchCacheFamily.key(cacheQueryKey(query)));
}

/** Saves the entry; on a full quota evicts older queries and tries once more. Never throws. */
export function writeSearchCache(
  query: string,
  entry: { places: Place[]; nextPageToken: string | null; enrichedIds: string[]; demo: boolean },
  now = Date.now(),
): boolean {
  const id = cacheQueryKey(query);
  const enrichedSet = new Set(entry.enrichedIds);
  const value: SearchCacheEntry = {
    ...entry,
    enriched: entry.places.every((p) => enrichedSet.has(p.place_id)),
    ts: now,
  };
  const key = searchCacheFamily.key(id);
  const first = writeStored(key, value);
  if (first.ok) return true;
  if (first.reason !== "quota") return false;
  const others = searchCacheFamily
    .list()
    .filter((other) => other !== id)
    .map((other) => ({ other, ts: readStored(searchCacheFamily.key(other))?.ts ?? 0 }))
    .sort((a, b) => a.ts - b.ts);
  for (const { other } of others) {
    removeStored(searchCacheFamily.key(other));
    if (writeStored(key, value).ok) return true;
  }
  return false;
}
