/**
 * Which part of a range the hourly rollup (CallHourRollup, one row per rep and UTC clock hour)
 * can answer, and which part only the calls can: the rollup holds whole hours, so an hour is
 * read from it only when it lies inside the range and no period boundary cuts it. The rest, at
 * most a partial hour at each end and around each unaligned cut, is read from the calls.
 * The heatmap's rollup (CallBusinessHourRollup) holds whole UTC days: the same split with a
 * day as the unit, and one rep's heatmap rollup (CallRepBusinessHourRollup) whole periods of 91
 * UTC days.
 * Pure, so that the split is tested on its own (tests/unit/analytics-hour-cover.test.ts).
 */

export const HOUR_MS = 3600_000;
export const DAY_MS = 86_400_000;
/**
 * CallRepBusinessHourRollup's unit, 91 days counted from 1970-01-01 UTC: its migration
 * (20261127213000_call_rep_business_hour_rollup) computes the same periods (7,862,400 s).
 */
export const REP_PERIOD_MS = 91 * DAY_MS;

export type HourCover = {
  /** Rollup units (hours, or days, since 1970 UTC) first <= unit < end, except `skip`. */
  first: number;
  end: number;
  skip: number[];
  /** [from, to) pieces, in ms, read from the calls. */
  edges: { from: number; to: number }[];
};

/**
 * The cover of [from, to) (ms) where `cuts` are instants inside it at which the answer splits
 * (the start of the current period, for the totals). No whole unit (an hour unless told):
 * everything from the calls.
 */
export function hourCover(
  from: number,
  to: number,
  cuts: number[] = [],
  unit: number = HOUR_MS,
): HourCover {
  const first = Math.ceil(from / unit);
  const end = Math.floor(to / unit);
  if (first >= end) return { first: 0, end: 0, skip: [], edges: [{ from, to }] };
  const skip = [
    ...new Set(
      cuts
        .filter((c) => c % unit !== 0 && c > first * unit && c < end * unit)
        .map((c) => Math.floor(c / unit)),
    ),
  ].sort((a, b) => a - b);
  const edges: { from: number; to: number }[] = [];
  if (from < first * unit) edges.push({ from, to: first * unit });
  for (const h of skip) edges.push({ from: h * unit, to: (h + 1) * unit });
  if (end * unit < to) edges.push({ from: end * unit, to });
  return { first, end, skip, edges };
}
