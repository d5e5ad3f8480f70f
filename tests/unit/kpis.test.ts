import { describe, expect, it } from "vitest";
import { deriveKpis, salesOfLastDay } from "@/lib/dashboard/kpis";
import { sampleAgents, sampleKpis, sampleSales } from "@/lib/sample/dashboard";

describe("deriveKpis", () => {
  it("derives net income (38%), MRR (55%) and the average deal", () => {
    const k = deriveKpis([1000, 3000]);
    expect(k.revenueToday).toBe(4000);
    expect(k.netIncomeEst).toBeCloseTo(1520);
    expect(k.mrrDerived).toBeCloseTo(2200);
    expect(k.avgDealSize).toBe(2000);
  });
  it("is all zeros with no sales (no division by zero)", () => {
    expect(deriveKpis([])).toEqual({
      revenueToday: 0,
      netIncomeEst: 0,
      mrrDerived: 0,
      avgDealSize: 0,
    });
  });
});

describe("salesOfLastDay", () => {
  const now = Date.UTC(2026, 5, 1, 9, 30);
  const HOUR = 3_600_000;
  const sale = (id: string, ts: number) => ({ id, ts, rep: "r", amount: 1, company: "c" });

  it("keeps sales of the last 24 hours and drops the one exactly 24 h old and older", () => {
    const sales = [
      sale("now", now),
      sale("almost a day", now - 24 * HOUR + 1),
      sale("a day", now - 24 * HOUR),
      sale("two days", now - 48 * HOUR),
    ];
    expect(salesOfLastDay(sales, now).map((s) => s.id)).toEqual(["now", "almost a day"]);
  });
});

describe("dashboard sample data", () => {
  const now = Date.UTC(2026, 5, 1, 9, 30);
  it("has 8 agents, each Active or Free", () => {
    expect(sampleAgents).toHaveLength(8);
    for (const a of sampleAgents) expect(["Active", "Free"]).toContain(a.status);
  });
  it("times sales relative to now, newest first", () => {
    const sales = sampleSales(now);
    expect(sales[0].ts).toBe(now);
    for (let i = 1; i < sales.length; i++) expect(sales[i].ts).toBeLessThanOrEqual(sales[i - 1].ts);
  });
  it("counts the six sales of the last 24 hours towards today's KPIs, not the two older ones", () => {
    // 2400 + 1850 + 3200 + 990 + 4100 + 1275; the sales 26 h and 3 days old stay out.
    expect(sampleKpis(now)).toEqual({
      revenueToday: 13_815,
      netIncomeEst: 13_815 * 0.38,
      mrrDerived: 13_815 * 0.55,
      avgDealSize: 13_815 / 6,
    });
  });
});
