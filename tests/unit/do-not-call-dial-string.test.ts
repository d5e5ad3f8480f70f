// dialStringToE164: the one reading of a dial string behind every do-not-call match. Each row is
// a way a probe (or a rep) can dial a listed number; all must read as that number, and what
// reaches no number must read as null (the routes refuse it).
import { describe, expect, it } from "vitest";
import { dialStringTargets, dialStringToE164 } from "@/modules/calls/lib/dialed-number";

const LISTED = "+15125550101";

describe("dialStringToE164", () => {
  it.each([
    // Plain formatting, as the sample data and reps write it.
    ["5125550101"],
    ["15125550101"],
    ["+15125550101"],
    ["+1 512-555-0101"],
    ["(512) 555-0101"],
    ["512.555.0101"],
    [" 512 555 0101 "],
    ["512\u00a0555\u20110101"],
    // Service codes before the number.
    ["*675125550101"],
    ["*67 (512) 555-0101"],
    ["*825125550101"],
    ["#31#5125550101"],
    ["*31#5125550101"],
    ["*67*825125550101"],
    ["*70#31#15125550101"],
    ["*67+15125550101"],
    // International access codes.
    ["0015125550101"],
    ["+0015125550101"],
    ["+00 1 512 555 0101"],
    ["01115125550101"],
    ["+01115125550101"],
    // Post-dial digits and extensions.
    ["5125550101#"],
    ["5125550101##"],
    ["5125550101*1"],
    ["5125550101*12#"],
    ["*675125550101#"],
    ["5125550101x12"],
    ["5125550101 X 12"],
    ["(512) 555-0101 ext. 12"],
    ["+1 512 555 0101 extension 12"],
    ["5125550101;ext=12"],
    ["+1-512-555-0101;ext=12"],
    ["5125550101,123"],
    ["5125550101,,9"],
    ["5125550101;123"],
    ["5125550101p123"],
    ["5125550101w123"],
    // Digits past a complete North American number go as tones once the call is up.
    ["51255501019"],
    ["5125550101123"],
    ["151255501019"],
    ["5125550101999999"],
    // Other digit forms a keyboard produces.
    ["\uff15\uff11\uff12\uff15\uff15\uff15\uff10\uff11\uff10\uff11"],
    ["\u0665\u0661\u0662\u0665\u0665\u0665\u0660\u0661\u0660\u0661"],
    ["\u06f5\u06f1\u06f2\u06f5\u06f5\u06f5\u06f0\u06f1\u06f0\u06f1"],
  ])("%j reaches the listed number", (raw) => {
    expect(dialStringToE164(raw, "US")).toBe(LISTED);
  });

  it.each([
    [""],
    ["   "],
    ["*67"],
    ["#31#"],
    ["*"],
    ["#"],
    ["12345"],
    ["*675"],
    ["0011"],
    ["+"],
    ["hello"],
    ["+1512555010199"],
    ["x5125550101"],
    [",5125550101"],
    ["1*675125550101"],
    ["**21*5125550101#"],
    ["5125550101abc"],
    ["+0512555010"],
  ])("%j reaches no number", (raw) => {
    expect(dialStringToE164(raw, "US")).toBeNull();
  });

  it("keeps what the dialer and the e2e tests dial", () => {
    expect(dialStringToE164("5551234567")).toBe("+15551234567");
    expect(dialStringToE164("4150123456")).toBe("+14150123456");
    expect(dialStringToE164("18005550100")).toBe("+18005550100");
    expect(dialStringToE164("442071838750")).toBe("+442071838750");
    expect(dialStringToE164("+442071838750")).toBe("+442071838750");
  });

  it("reads access codes by the organization's country", () => {
    // 011 is North America's international prefix; in the UK 0113 is Leeds.
    expect(dialStringToE164("01132345678", "GB")).toBe("+441132345678");
    expect(dialStringToE164("011442071838750", "US")).toBe("+442071838750");
    expect(dialStringToE164("011442071838750", "CA")).toBe("+442071838750");
    expect(dialStringToE164("00442071838750", "GB")).toBe("+442071838750");
    expect(dialStringToE164("+00442071838750", "DE")).toBe("+442071838750");
    expect(dialStringToE164("0015125550101", "DE")).toBe(LISTED);
    expect(dialStringToE164("#31#030 1234567#", "DE")).toBe("+49301234567");
    expect(dialStringToE164("020 7183 8750 x1", "GB")).toBe("+442071838750");
  });

  it("names every number a string may ring, the recorded one first", () => {
    // toE164 reads all the digits as a number dialed without its "+"; a North American network
    // rings the first ten and sends the rest as tones: a do-not-call match checks both.
    expect(dialStringTargets("40249313841", "US")).toEqual(["+40249313841", "+14024931384"]);
    expect(dialStringTargets("442071838750", "US")).toEqual(["+442071838750", "+14420718387"]);
    expect(dialStringTargets("5125550101", "US")).toEqual([LISTED]);
    expect(dialStringTargets("+15125550101", "US")).toEqual([LISTED]);
    expect(dialStringTargets("*67", "US")).toEqual([]);
    // Elsewhere numbers have no fixed length: no second reading.
    expect(dialStringTargets("0301234567890", "DE")).toHaveLength(1);
  });

  it("defaults to the United States", () => {
    expect(dialStringToE164("*675125550101")).toBe(LISTED);
  });
});
