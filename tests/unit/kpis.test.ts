import { describe, expect, it } from "vitest";
import { deriveKpis } from "@/lib/format/kpis";
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
  it("counts only the last 24 hours towards today's revenue", () => {
    const today = sampleSales(now).filter((s) => now - s.ts < 24 * 3_600_000);
    expect(sampleKpis(now).revenueToday).toBe(today.reduce((s, x) => s + x.amount, 0));
    expect(today.length).toBeLessThan(sampleSales(now).length);
  });
});
