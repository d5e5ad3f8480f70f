// Pure helpers of the Callbacks screen and its reminders: where a callback falls
// (overdue, today, later), its time at the business, and which reminders are due to ring.

/** Said on window once a new reminder has reached the team's records (the reminders refresh). */
export const CALLBACKS_CHANGED_EVENT = "dialflow:callbacks-changed";

export type CallbackGroup = "overdue" | "today" | "later";

/** Overdue once its time has passed; today until the rep's midnight; later after that. */
export function groupOf(dueAt: Date, now: Date): CallbackGroup {
  if (dueAt.getTime() <= now.getTime()) return "overdue";
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return dueAt.getTime() < midnight.getTime() ? "today" : "later";
}

/** "UTC", "UTC+2", "UTC−5:30" (a real minus sign, as clocks print it). */
export function offsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return "UTC";
  const sign = offsetMinutes > 0 ? "+" : "\u2212";
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
}

/**
 * The business's wall-clock time of an instant, as a Date to format in UTC: the place's offset
 * is Google's offset now, so a callback across a daylight-saving change may be an hour off
 * there (said nowhere else either: Google gives no time zone name).
 */
export function businessWallClock(dueAt: Date, offsetMinutes: number): Date {
  return new Date(dueAt.getTime() + offsetMinutes * 60_000);
}

/** A reminder rings for a callback that comes due while the page is open, once. */
export const REMINDER_GRACE_MS = 60_000;

/**
 * The callbacks whose reminder should ring now: due by `now`, not due before the page opened
 * (less a minute's grace: a list older than that is the Callbacks screen's to show, not a
 * burst of alarms), and not rung already. And when the next one comes due, if any.
 */
export function dueReminders<T extends { itemId: string; dueAt: string }>(
  callbacks: readonly T[],
  now: number,
  openedAt: number,
  rung: ReadonlySet<string>,
): { ring: T[]; nextAt: number | null } {
  const ring: T[] = [];
  let nextAt: number | null = null;
  for (const c of callbacks) {
    const due = Date.parse(c.dueAt);
    if (rung.has(c.itemId)) continue;
    if (due <= now) {
      if (due > openedAt - REMINDER_GRACE_MS) ring.push(c);
    } else if (nextAt === null || due < nextAt) {
      nextAt = due;
    }
  }
  return { ring, nextAt };
}
