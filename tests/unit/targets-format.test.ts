import { describe, expect, it } from "vitest";
import {
  dialableDigits,
  formatPhone,
  parseAddress,
  readableCategory,
} from "@/modules/targets/lib/format";

describe("parseAddress (spec section 5)", () => {
  it("takes the city from the second-to-last part and state and zip from the last", () => {
    expect(parseAddress("123 Main St, Austin, TX 78701")).toEqual({
      line1: "123 Main St",
      city: "Austin",
      state: "TX",
      zip: "78701",
    });
  });

  it("sets a trailing country aside first", () => {
    expect(parseAddress("123 Main St, Suite 4, Austin, TX 78701, USA")).toEqual({
      line1: "123 Main St, Suite 4",
      city: "Austin",
      state: "TX",
      zip: "78701",
    });
    expect(parseAddress("1 Elm St, New York, NY 10001-1234, United States").city).toBe("New York");
  });

  it("gives no city or state when the last part is not a state plus five-digit zip", () => {
    expect(parseAddress("10 Downing St, London SW1A 2AA, UK")).toMatchObject({
      city: null,
      state: null,
    });
    expect(parseAddress("Main St, Austin, Texas 78701")).toMatchObject({ city: null, state: null });
    expect(parseAddress("Austin, TX 787")).toMatchObject({ city: null, state: null });
  });

  it("handles a city and state without a street, and empty input", () => {
    expect(parseAddress("Austin, TX 78701")).toEqual({
      line1: null,
      city: "Austin",
      state: "TX",
      zip: "78701",
    });
    expect(parseAddress(null)).toEqual({ line1: null, city: null, state: null, zip: null });
    expect(parseAddress("")).toEqual({ line1: null, city: null, state: null, zip: null });
  });
});

describe("formatPhone", () => {
  it("formats exactly 10 digits as (xxx) xxx-xxxx", () => {
    expect(formatPhone("5125550101")).toBe("(512) 555-0101");
    expect(formatPhone("512-555-0101")).toBe("(512) 555-0101");
    expect(formatPhone("(512) 555-0101")).toBe("(512) 555-0101");
  });

  it("leaves anything else unchanged", () => {
    expect(formatPhone("+1 512-555-0101")).toBe("+1 512-555-0101");
    expect(formatPhone("555-0101")).toBe("555-0101");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone(null)).toBe("");
  });

  it("gives the dialer digits only", () => {
    expect(dialableDigits("(512) 555-0101")).toBe("5125550101");
    expect(dialableDigits(null)).toBe("");
  });
});

describe("readableCategory", () => {
  it("turns the primary type into words", () => {
    expect(readableCategory("dentist")).toBe("Dentist");
    expect(readableCategory("real_estate_agency")).toBe("Real estate agency");
    expect(readableCategory(null)).toBe("");
  });
});
