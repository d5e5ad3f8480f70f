import { describe, expect, it } from "vitest";
import { deriveKpis, salesOfLastDay } from "@/modules/dashboard/lib/kpis";

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
