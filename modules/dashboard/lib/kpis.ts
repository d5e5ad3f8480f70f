/** Dashboard KPIs derived from the day's sale events (spec section 9). */
const DAY_MS = 24 * 3_600_000;
export const NET_INCOME_RATE = 0.38;
export const MRR_RATE = 0.55;

export type Kpis = {
  revenueToday: number;
  netIncomeEst: number;
  mrrDerived: number;
  avgDealSize: number;
};

export function deriveKpis(amounts: readonly number[]): Kpis {
  const revenueToday = amounts.reduce((sum, a) => sum + a, 0);
  return {
    revenueToday,
    netIncomeEst: revenueToday * NET_INCOME_RATE,
    mrrDerived: revenueToday * MRR_RATE,
    avgDealSize: amounts.length ? revenueToday / amounts.length : 0,
  };
}

/** "Today" is the last 24 hours, so the figure does not depend on a time zone. */
export function salesOfLastDay<S extends { ts: number }>(sales: readonly S[], now: number): S[] {
  return sales.filter((sale) => sale.ts > now - DAY_MS);
}
