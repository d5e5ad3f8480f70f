// How many lines a parallel dial may use now (no dependencies: the dialer's first load and the
// server share it). The worse of the team's two abandonment rates (24 hours, 30 days) decides:
// below the slow-down zone the rep's choice stands (never above the edge's DIAL_MAX_LINES), in
// the zone's top third of the cap fewer lines the nearer the cap, and at or above it one line,
// which cannot abandon a call because the rep is always there to take it.

/** Where the slow-down starts, as a fraction of the cap. */
export const PACING_SLOWDOWN_FROM = 2 / 3;

export type PacingInput = {
  /** The lines the rep picked (1-5). */
  chosen: number;
  /** The edge's limit for one rep (DIAL_MAX_LINES). */
  maxLines: number;
  ratePercent24h: number;
  ratePercent30d: number;
  capPercent: number;
};

const whole = (n: number) => (Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1);

/** The number of lines to dial at once: 1..min(chosen, maxLines), never more as a rate rises. */
export function allowedLines(input: PacingInput): number {
  const top = Math.min(whole(input.chosen), whole(input.maxLines));
  const rate = Math.max(input.ratePercent24h, input.ratePercent30d);
  const cap = input.capPercent;
  // An unreadable rate or cap is treated as the cap reached: one line never abandons.
  if (!Number.isFinite(rate) || !Number.isFinite(cap) || cap <= 0 || rate >= cap) return 1;
  const from = cap * PACING_SLOWDOWN_FROM;
  if (rate <= from) return top;
  const nearness = (rate - from) / (cap - from);
  return Math.max(1, Math.floor(top - nearness * (top - 1)));
}
