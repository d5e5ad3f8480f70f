import "server-only";

// The server's in-memory caches register here, so that the operator console's Clear Cache can
// empty all of them without knowing each feature (the places details cache, ...).

export type ServerCache = { name: string; size: () => number; clear: () => void };

const caches = new Map<string, ServerCache>();

export function registerServerCache(cache: ServerCache) {
  caches.set(cache.name, cache);
}

/** Empties every registered cache; says what each held. */
export function clearServerCaches(): { name: string; entries: number }[] {
  return [...caches.values()].map((cache) => {
    const entries = cache.size();
    cache.clear();
    return { name: cache.name, entries };
  });
}
