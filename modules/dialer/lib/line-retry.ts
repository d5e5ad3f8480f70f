/**
 * How long the phone line waits before it tries to register again. It doubles from 1 s, and
 * stays under 10 s for the first minute of being offline (a rep waiting to call is the common
 * case, and an edge restart or a network blip is over within seconds); after that minute it keeps
 * doubling up to 30 s, so a line that stays down does not knock at the edge every few seconds.
 * The rep can always try at once (the line indicator's Retry now).
 */
export const FIRST_MINUTE_MAX_DELAY_MS = 8000;
export const MAX_DELAY_MS = 30_000;

/** The wait before attempt `attempt + 1` (0-based count of failures), `offlineForMs` into the outage. */
export function lineRetryDelayMs(attempt: number, offlineForMs: number): number {
  const doubled = 1000 * 2 ** Math.min(Math.max(0, Math.floor(attempt)), 10);
  const cap = offlineForMs < 60_000 ? FIRST_MINUTE_MAX_DELAY_MS : MAX_DELAY_MS;
  return Math.min(doubled, cap);
}
