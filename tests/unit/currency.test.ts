import { describe, expect, it } from "vitest";
import { formatUsd, talkMinutes } from "@/lib/format/currency";

describe("formatUsd", () => {
  it("formats USD without decimals in English", () => {
    expect(formatUsd(12480, "en")).toBe("$12,480");
    expect(formatUsd(999.6, "en")).toBe("$1,000");
    expect(formatUsd(0, "en")).toBe("$0");
  });
  it("follows the UI locale's grouping and symbol placement", () => {
    expect(formatUsd(12480, "de")).toBe("12.480\u00a0$");
    const ar = formatUsd(12480, "ar");
    expect(ar).toMatch(/US\$|\$/);
    expect(ar).not.toMatch(/[.,٫]\d\d(?!\d)/); // no decimal part
  });
});

describe("talkMinutes", () => {
  it("rounds seconds to whole minutes", () => {
    expect(talkMinutes(0)).toBe(0);
    expect(talkMinutes(29)).toBe(0);
    expect(talkMinutes(30)).toBe(1);
    expect(talkMinutes(7420)).toBe(124);
  });
});
