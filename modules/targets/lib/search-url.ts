/** Navbar and inline targets search rules (spec sections 2 and 5). */

/** Submit is allowed only when the trimmed text is non-empty. */
export function canSubmitSearch(text: string): boolean {
  return text.trim().length > 0;
}

/** /app/targets?q={text}&ts={now}; ts forces a new search even when q is unchanged. */
export function targetsSearchUrl(text: string, now: number = Date.now()): string {
  const params = new URLSearchParams({ q: text.trim(), ts: String(now) });
  return `/app/targets?${params.toString()}`;
}

// A submitted search stops the running one at once, before the navigation starts: the browser
// opens six connections to a host, and the five detail fetches of enrichment plus the live
// stream would otherwise hold them all, so the new page's request would wait for an old
// detail to come back. The Targets store listens (use-targets-search.ts).
const searches = new EventTarget();

/** Tells the running Targets search that a new one was just submitted. */
export function announceNewSearch(): void {
  searches.dispatchEvent(new Event("submit"));
}

/** Calls listener whenever a new search is submitted; returns the unsubscribe. */
export function onNewSearch(listener: () => void): () => void {
  searches.addEventListener("submit", listener);
  return () => searches.removeEventListener("submit", listener);
}

/** Stops the running search, then opens the new one. */
export function openTargetsSearch(router: { push(href: string): void }, text: string): void {
  announceNewSearch();
  router.push(targetsSearchUrl(text, Date.now()));
}
