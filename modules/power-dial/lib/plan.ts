import type { Place } from "@/modules/places/lib/schemas";
import { callingWindow, type CallingWindow, type DefaultWindow } from "./calling-window";
import type { PlaceCheck } from "./schemas";

// Which businesses of a Targets list a power-dial session dials, and why it skips the others
// (the preview: "42 of 60 will be dialed: 9 closed now, 5 without a phone, 3 called by your team
// in the last 24 h, 1 on the do-not-call list"). Pure: the server's checks and the clock come in.
//
// A business is skipped for the first reason that applies, in this order, so every skipped row
// is counted once: no phone, do-not-call, reserved by a colleague, called recently, closed.
// Closed businesses, and those the team called recently, are dialed when the rep includes them; a
// business whose local time is unknown (no UTC offset) is not treated as closed.

export type SkipReason = "noPhone" | "doNotCall" | "reserved" | "recent" | "closed";
/** In the order the preview names them (as in "9 closed now, 5 without a phone, ..."). */
export const skipReasons: readonly SkipReason[] = [
  "closed",
  "noPhone",
  "recent",
  "reserved",
  "doNotCall",
];

export type PlannedPlace = {
  place: Place;
  window: CallingWindow;
  skip: SkipReason | null;
};

export type SessionPlan = {
  rows: PlannedPlace[];
  toDial: Place[];
  /** The rep chose to dial businesses outside their calling window too (the server allows it). */
  includeClosed?: boolean;
  counts: Record<SkipReason, number>;
  total: number;
};

export function planSession(
  places: readonly Place[],
  checks: Readonly<Record<string, PlaceCheck | undefined>>,
  options: { now: Date; window: DefaultWindow; includeClosed: boolean; includeRecent?: boolean },
): SessionPlan {
  const counts: Record<SkipReason, number> = {
    noPhone: 0,
    doNotCall: 0,
    reserved: 0,
    recent: 0,
    closed: 0,
  };
  const seen = new Set<string>();
  const rows: PlannedPlace[] = [];
  for (const place of places) {
    // A list can hold the same business twice (two searches merged); dial it once.
    if (seen.has(place.place_id)) continue;
    seen.add(place.place_id);
    const window = callingWindow(place, options.now, options.window);
    const check = checks[place.place_id];
    let skip: SkipReason | null = null;
    if (!place.phone?.trim()) skip = "noPhone";
    else if (check?.doNotCall) skip = "doNotCall";
    else if (check?.reservedBy) skip = "reserved";
    else if (check?.recentCallAt && !options.includeRecent) skip = "recent";
    else if (window.state === "closed" && !options.includeClosed) skip = "closed";
    if (skip) counts[skip]++;
    rows.push({ place, window, skip });
  }
  return {
    rows,
    toDial: rows.filter((r) => !r.skip).map((r) => r.place),
    includeClosed: options.includeClosed,
    counts,
    total: rows.length,
  };
}
