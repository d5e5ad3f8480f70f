/**
 * Which part of a range the hourly rollup (CallHourRollup, one row per rep and UTC clock hour)
 * can answer, and which part only the calls can: the rollup holds whole hours, so an hour is
 * read from it only when it lies inside the range and no period boundary cuts it. The rest, at
 * most a partial hour at each end and around each unaligned cut, is read from the calls.
 * Pure, so that the split is tested on its own (tests/unit/analytics-hour-cover.test.ts).
 */

export const HOUR_MS = 3600_000;

export type HourCover = {
  /** Rollup hours (hours since 1970 UTC) first <= hour < end, except `skip`. */
  first: number;
  end: number;
  skip: number[];
  /** [from, to) pieces, in ms, read from the calls. */
  edges: { from: number; to: number }[];
};

/**
 * The cover of [from, to) (ms) where `cuts` are instants inside it at which the answer splits
 * (the start of the current period, for the totals). No whole hour: everything from the calls.
 */
export function hourCover(from: number, to: number, cuts: number[] = []): HourCover {
  const first = Math.ceil(from / HOUR_MS);
  const end = Math.floor(to / HOUR_MS);
  if (first >= end) return { first: 0, end: 0, skip: [], edges: [{ from, to }] };
  const skip = [
    ...new Set(
      cuts
        .filter((c) => c % HOUR_MS !== 0 && c > first * HOUR_MS && c < end * HOUR_MS)
        .map((c) => Math.floor(c / HOUR_MS)),
    ),
  ].sort((a, b) => a - b);
  const edges: { from: number; to: number }[] = [];
  if (from < first * HOUR_MS) edges.push({ from, to: first * HOUR_MS });
  for (const h of skip) edges.push({ from: h * HOUR_MS, to: (h + 1) * HOUR_MS });
  if (end * HOUR_MS < to) edges.push({ from: end * HOUR_MS, to });
  return { first, end, skip, edges };
}
