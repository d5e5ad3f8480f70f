import { describe, expect, it } from "vitest";
import { displayPhone } from "@/lib/format/phone";

describe("displayPhone", () => {
  it("shows a North American number in E.164 by its national digits, as Targets does", () => {
    expect(displayPhone("+15125550106")).toBe("(512) 555-0106");
    expect(displayPhone("5125550100")).toBe("(512) 555-0100");
  });

  it("leaves any other number as it was given", () => {
    expect(displayPhone("+442079460000")).toBe("+442079460000");
    expect(displayPhone("5125550100,12")).toBe("5125550100,12");
    expect(displayPhone("911")).toBe("911");
    expect(displayPhone("*5125550100")).toBe("*5125550100");
    expect(displayPhone("(512) 555-0100")).toBe("(512) 555-0100");
  });
});
