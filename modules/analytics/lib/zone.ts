/**
 * A time zone's offset from UTC over a range, as pieces of constant offset, so that SQL can
 * turn each call's UTC time into local time with arithmetic (a CASE over at most a few
 * daylight-saving changes) instead of a time-zone conversion per row. Browser-safe, no deps.
 */

// Making a DateTimeFormat costs far more than using one: a year's scan asks hundreds of times.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(tz: string) {
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" });
    if (formats.size > 100) formats.clear();
    formats.set(tz, format);
  }
  return format;
}

/** tz's offset from UTC in minutes at `at` (Intl's "GMT+05:30"; "GMT" is 0). */
export function offsetMinutesAt(tz: string, at: Date): number {
  const name = formatFor(tz)
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** The sub-hour part of the offset in seconds (India +05:30 -> 1800, Newfoundland -03:30 -> 1800). */
export function subHourOffsetSeconds(tz: string, at: Date): number {
  const minutes = offsetMinutesAt(tz, at);
  return (((minutes % 60) + 60) % 60) * 60;
}

/** From `fromMs` on, until the next piece, the offset is `offsetSeconds`. */
export type OffsetPiece = { fromMs: number; offsetSeconds: number };

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * The pieces of constant offset covering [from, to]: scanned a week at a time, each change found
 * to the minute by bisection. Zones change offset at most a few times a year, months apart, so
 * no week holds two changes.
 */
export function offsetPieces(tz: string, from: Date, to: Date): OffsetPiece[] {
  const at = (ms: number) => offsetMinutesAt(tz, new Date(ms)) * 60;
  const pieces: OffsetPiece[] = [{ fromMs: from.getTime(), offsetSeconds: at(from.getTime()) }];
  for (let t = from.getTime(); t < to.getTime(); t += WEEK) {
    const next = Math.min(t + WEEK, to.getTime());
    const current = pieces[pieces.length - 1]!.offsetSeconds;
    if (at(next) === current) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
      if (mid <= lo) break;
      if (at(mid) === current) lo = mid;
      else hi = mid;
    }
    pieces.push({ fromMs: hi, offsetSeconds: at(hi) });
  }
  return pieces;
}

/** The local calendar day of an instant as days since 1970-01-01, given the pieces. */
export function localDayIndex(ms: number, pieces: OffsetPiece[]): number {
  let offset = pieces[0]!.offsetSeconds;
  for (const p of pieces) if (ms >= p.fromMs) offset = p.offsetSeconds;
  return Math.floor((ms + offset * 1000) / DAY);
}

/** "2026-03-08" of a day index. */
export const dayLabel = (index: number) => new Date(index * DAY).toISOString().slice(0, 10);

/** "2026-03-08T09:00": the local wall-clock time of an instant in tz. */
export function localMinuteLabel(tz: string, ms: number): string {
  const local = new Date(ms + offsetMinutesAt(tz, new Date(ms)) * 60_000);
  return local.toISOString().slice(0, 16);
}
