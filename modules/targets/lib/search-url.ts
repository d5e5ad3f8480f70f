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
