import { describe, expect, it } from "vitest";
import { parseLocaleAmount } from "@/lib/format/amount";

describe("parseLocaleAmount", () => {
  it("reads English grouping and the decimal point", () => {
    expect(parseLocaleAmount("1850", "en")).toBe("1850");
    expect(parseLocaleAmount("1,850", "en")).toBe("1850");
    expect(parseLocaleAmount(" 1,850.50 ", "en")).toBe("1850.50");
    expect(parseLocaleAmount("12,345,678.9", "en")).toBe("12345678.9");
    expect(parseLocaleAmount("0.5", "en")).toBe("0.5");
  });

  it("refuses commas that do not group by three, and more than one decimal mark", () => {
    for (const text of ["1,85", "18,50", "1,8500", ",850", "1,850,", "1.2.3", "1,850.5.0", "1 850"])
      expect(parseLocaleAmount(text, "en"), text).toBeNull();
  });

  it("refuses anything that is not a number", () => {
    for (const text of ["", "  ", "abc", "$1,850", "-5", "1e3", "1,850.", "."])
      expect(parseLocaleAmount(text, "en"), text).toBeNull();
  });

  it("reads Arabic-Indic digits with the Arabic separators, and Latin typing in Arabic", () => {
    expect(parseLocaleAmount("١٬٨٥٠", "ar")).toBe("1850");
    expect(parseLocaleAmount("١٬٨٥٠٫٥٠", "ar")).toBe("1850.50");
    expect(parseLocaleAmount("۱۸۵۰٫۵", "ar")).toBe("1850.5");
    expect(parseLocaleAmount("1,850.50", "ar")).toBe("1850.50");
    // A right-to-left mark, as copied from a formatted Arabic number.
    expect(parseLocaleAmount("\u200f١٬٨٥٠", "ar")).toBe("1850");
    expect(parseLocaleAmount("١٬٨٥", "ar")).toBeNull();
  });

  it("reads German grouping (point or space) and the decimal comma", () => {
    expect(parseLocaleAmount("1.850", "de")).toBe("1850");
    expect(parseLocaleAmount("1.850,50", "de")).toBe("1850.50");
    expect(parseLocaleAmount("1\u00a0850,5", "de")).toBe("1850.5");
    expect(parseLocaleAmount("1,5", "de")).toBe("1.5");
    expect(parseLocaleAmount("1.85", "de")).toBeNull();
  });
});
