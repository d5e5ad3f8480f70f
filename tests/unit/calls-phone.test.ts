import { describe, expect, it } from "vitest";
import { countryOf, phoneDigits, phoneQuery, toE164 } from "@/modules/calls/lib/phone";

describe("toE164", () => {
  it("reads any formatting of a North American number", () => {
    for (const raw of [
      "4155550132",
      "(415) 555-0132",
      "415.555.0132",
      "+1 415 555 0132",
      "14155550132",
    ]) {
      expect(toE164(raw)).toBe("+14155550132");
    }
  });

  it("reads international numbers with or without the plus", () => {
    expect(toE164("+44 20 7183 8750")).toBe("+442071838750");
    expect(toE164("442071838750")).toBe("+442071838750");
  });

  it("uses the default country given", () => {
    expect(toE164("020 7183 8750", "GB")).toBe("+442071838750");
    expect(toE164("030 1234567", "DE")).toBe("+49301234567");
  });

  it("returns null for what is not a phone number", () => {
    for (const raw of ["", "   ", "abc", "555", "0", "*#", "+999"]) expect(toE164(raw)).toBeNull();
  });
});

describe("phone helpers", () => {
  it("keeps the digits only", () => {
    expect(phoneDigits("+1 (415) 555-0132")).toBe("14155550132");
  });

  it("names the country of an E.164 number", () => {
    expect(countryOf("+442071838750")).toBe("GB");
    expect(countryOf(null)).toBeUndefined();
  });

  it("reads phone-like search queries and leaves others alone", () => {
    expect(phoneQuery(" (415) 555-0132 ")).toEqual({ e164: "+14155550132", digits: "4155550132" });
    expect(phoneQuery("555-0132")).toEqual({ e164: null, digits: "5550132" });
    expect(phoneQuery("CALL-1001")).toBeNull();
    expect(phoneQuery("olivia")).toBeNull();
    expect(phoneQuery("--")).toBeNull();
  });
});
