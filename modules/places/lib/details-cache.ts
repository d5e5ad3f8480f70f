import "server-only";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { registerServerCache } from "@/lib/server-caches";
import type { Place } from "./schemas";

// Place details shared by every rep of this instance for PLACES_DETAILS_CACHE_TTL_SECONDS:
// two reps opening the same business cost one upstream call, and so do two concurrent
// requests for it (the second waits for the first one's answer). Google's terms allow this
// kind of temporary caching; only place ids may be kept longer.

export type DetailsCache = {
  get(placeId: string, load: () => Promise<Place>): Promise<{ place: Place; cached: boolean }>;
  size(): number;
  clear(): void;
};

export function createDetailsCache(opts: { max: number; ttlMs: number }): DetailsCache {
  const cache =
    opts.max > 0 ? new LRUCache<string, Place>({ max: opts.max, ttl: opts.ttlMs }) : null;
  const inFlight = new Map<string, Promise<Place>>();
  return {
    async get(placeId, load) {
      const hit = cache?.get(placeId);
      if (hit) return { place: hit, cached: true };
      let pending = inFlight.get(placeId);
      const shared = !!pending;
      if (!pending) {
        pending = load().finally(() => inFlight.delete(placeId));
        inFlight.set(placeId, pending);
      }
      const place = await pending;
      if (!shared) cache?.set(placeId, place);
      return { place, cached: shared };
    },
    size: () => cache?.size ?? 0,
    clear: () => cache?.clear(),
  };
}

export const detailsCacheName = "places-details";

let instance: DetailsCache | null = null;

/** The instance's cache, registered so that the operator console's Clear Cache empties it. */
export function detailsCache(): DetailsCache {
  if (!instance) {
    instance = createDetailsCache({
      max: env.PLACES_DETAILS_CACHE_MAX,
      ttlMs: env.PLACES_DETAILS_CACHE_TTL_SECONDS * 1000,
    });
    const cache = instance;
    registerServerCache({
      name: detailsCacheName,
      size: () => cache.size(),
      clear: () => cache.clear(),
    });
  }
  return instance;
}

/** Empties the details cache; what the operator console calls. Returns how many entries it held. */
export function clearPlacesDetailsCache() {
  const entries = detailsCache().size();
  detailsCache().clear();
  return entries;
}
