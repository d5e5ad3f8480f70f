/** Dashboard KPIs derived from the day's sale events (spec section 9). */
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
