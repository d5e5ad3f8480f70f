/**
 * Dashboard "Sales Events" times: just now, Nm ago, Nh ago, Nd ago (spec section 2).
 * Returns a message key plus count so each language words it itself.
 */
export type RelativeTime =
  { key: "justNow" } | { key: "minutesAgo" | "hoursAgo" | "daysAgo"; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(ts: number, now: number): RelativeTime {
  // Clock skew can put a sample a little in the future; treat it as "just now" rather than negative.
  const diff = Math.max(0, now - ts);
  if (diff < MINUTE) return { key: "justNow" };
  if (diff < HOUR) return { key: "minutesAgo", count: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { key: "hoursAgo", count: Math.floor(diff / HOUR) };
  return { key: "daysAgo", count: Math.floor(diff / DAY) };
}
