import type { OpeningHours } from "@/modules/places/lib/schemas";

// Is a business open right now, in its own local time, and if not, when does it open?
//
// Inputs are what Places returns: `regularOpeningHours.periods` (day 0 = Sunday, local wall
// time) and `utcOffsetMinutes`. Every computation here works on UTC milliseconds plus that
// offset, never on the machine's or the browser's time zone, so a rep in Berlin sees the same
// answer for a dentist in Austin as a rep in Austin.
//
// What a fixed UTC offset can and cannot know (DST): Places gives the offset that applies *at
// the moment it answered*, not the zone's rules. Local time here is exact as long as no DST
// transition lies between that answer and `now`. Across a transition (e.g. a details answer
// cached on Saturday, a session on the Sunday after the clocks change) local time is off by the
// size of the shift, usually one hour, until the place's details are fetched again. The
// session fetches details when it builds its list, so the error window is at most the age of
// that answer; the countdown never relies on the offset being right to the minute.

const minutesPerDay = 24 * 60;
const minutesPerWeek = 7 * minutesPerDay;

/** A local wall-clock moment in the business's week: day 0 = Sunday. */
export type LocalTime = { day: number; hour: number; minute: number };

/** The organization-wide window used when a place publishes no hours. */
export type DefaultWindow = {
  /** Minutes after local midnight the window opens (09:00 = 540). */
  startMinute: number;
  /** Minutes after local midnight it closes; smaller than start means it crosses midnight. */
  endMinute: number;
  /** Days it applies on, 0 = Sunday. */
  days: readonly number[];
};

export type WindowSource = "hours" | "default";

export type CallingWindow =
  /** Open now; `closesAt` null for 24-hour places. */
  | { state: "open"; source: WindowSource; closesAt: LocalTime | null; now: LocalTime }
  /** Closed now; `opensAt` null when it never opens (empty periods, no default days). */
  | {
      state: "closed";
      source: WindowSource;
      opensAt: LocalTime | null;
      /** Minutes from now until it opens, null with opensAt. */
      opensInMinutes: number | null;
      now: LocalTime;
    }
  /** No UTC offset: the business's local time cannot be known (search rows before details). */
  | { state: "unknown" };

type Interval = { start: number; end: number | null };

const weekMinute = (t: LocalTime) => t.day * minutesPerDay + t.hour * 60 + t.minute;
const mod = (n: number, m: number) => ((n % m) + m) % m;

export function toLocalTime(minuteOfWeek: number): LocalTime {
  const m = mod(minuteOfWeek, minutesPerWeek);
  return {
    day: Math.floor(m / minutesPerDay),
    hour: Math.floor((m % minutesPerDay) / 60),
    minute: m % 60,
  };
}

/** The business's local minute of the week at `now`, from a fixed UTC offset. */
export function localMinuteOfWeek(now: Date, utcOffsetMinutes: number): number {
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  return local.getUTCDay() * minutesPerDay + local.getUTCHours() * 60 + local.getUTCMinutes();
}

function periodsToIntervals(hours: OpeningHours): Interval[] {
  return hours.periods.map((p) => {
    if (!p.close) return { start: weekMinute(p.open), end: null };
    const start = weekMinute(p.open);
    let end = weekMinute(p.close);
    // Saturday 22:00 to Sunday 02:00 wraps the week; so does a period whose close equals its
    // open (Google's way of writing "the whole week from here").
    if (end <= start) end += minutesPerWeek;
    return { start, end };
  });
}

function defaultIntervals(w: DefaultWindow): Interval[] {
  if (w.startMinute === w.endMinute) {
    return w.days.map((d) => ({ start: d * minutesPerDay, end: (d + 1) * minutesPerDay }));
  }
  const crosses = w.endMinute < w.startMinute;
  return w.days.map((d) => ({
    start: d * minutesPerDay + w.startMinute,
    end: (d + (crosses ? 1 : 0)) * minutesPerDay + w.endMinute,
  }));
}

function evaluate(intervals: Interval[], nowMinute: number, source: WindowSource): CallingWindow {
  const now = toLocalTime(nowMinute);
  for (const iv of intervals) {
    if (iv.end === null) return { state: "open", source, closesAt: null, now };
    // The interval may end past the week's end; test `now` and `now` one week later.
    for (const t of [nowMinute, nowMinute + minutesPerWeek]) {
      if (t >= iv.start && t < iv.end) {
        return { state: "open", source, closesAt: toLocalTime(iv.end), now };
      }
    }
  }
  let best: number | null = null;
  for (const iv of intervals) {
    const delta = mod(iv.start - nowMinute, minutesPerWeek);
    if (best === null || delta < best) best = delta;
  }
  return {
    state: "closed",
    source,
    opensAt: best === null ? null : toLocalTime(nowMinute + best),
    opensInMinutes: best,
    now,
  };
}

/**
 * The calling window of one place at `now`. Places with published hours use them (an empty
 * `periods` list means never open); places without hours use the organization's window.
 */
export function callingWindow(
  place: { opening_hours: OpeningHours | null; utc_offset_minutes: number | null },
  now: Date,
  fallback: DefaultWindow,
): CallingWindow {
  if (place.utc_offset_minutes === null) return { state: "unknown" };
  const nowMinute = localMinuteOfWeek(now, place.utc_offset_minutes);
  if (place.opening_hours) {
    return evaluate(periodsToIntervals(place.opening_hours), nowMinute, "hours");
  }
  return evaluate(defaultIntervals(fallback), nowMinute, "default");
}

/**
 * A local time as the reader's locale writes it (no time zone conversion: the wall time is the
 * business's). `withDay` adds the weekday when it is not today.
 */
export function formatLocalTime(t: LocalTime, locale: string, withDay: boolean): string {
  // 2023-01-01 was a Sunday, so day N is January 1 + N; format in UTC to keep the wall time.
  const date = new Date(Date.UTC(2023, 0, 1 + t.day, t.hour, t.minute));
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    hour: "numeric",
    minute: "2-digit",
    ...(withDay ? { weekday: "short" } : {}),
  }).format(date);
}
