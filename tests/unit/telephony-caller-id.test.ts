// Local caller ID: which of the team's numbers a call presents, and the rules the
// console and the server apply to a number before it joins the pool.
import { describe, expect, it } from "vitest";
import {
  areaCodeOf,
  chooseCallerId,
  regionOf,
  type CallerIdCandidate,
} from "@/modules/telephony/lib/caller-id-match";
import { callerIdBodySchema, checkCallerId } from "@/modules/telephony/lib/caller-id-schemas";
import { authorizedCallHeaders } from "@/modules/dialer/lib/sip-transport";

const n = (number: string, isDefault = false, region: string | null = null): CallerIdCandidate => ({
  number,
  region,
  isDefault,
});

// A pool as a team working the US, Canada and London would keep it.
const newYork = n("+12125550100", true); // NY, the default
const austin = n("+15125550100"); // 512, TX
const dallas = n("+12145550100"); // 214, TX
const sanFrancisco = n("+14155550100"); // 415, CA
const toronto = n("+14165550100"); // 416, CA-ON
const london = n("+442071838750", false, "GB-LND");
const pool = [newYork, austin, dallas, sanFrancisco, toronto, london];

const chosen = (dialed: string | null, from = pool) => {
  const c = chooseCallerId(from, dialed);
  return c && { number: c.callerId.number, match: c.match };
};

describe("chooseCallerId", () => {
  it("presents the number in the business's own area code", () => {
    expect(chosen("+15125550142")).toEqual({ number: austin.number, match: "area_code" });
    expect(chosen("+12145559999")).toEqual({ number: dallas.number, match: "area_code" });
    expect(chosen("+14165550199")).toEqual({ number: toronto.number, match: "area_code" });
  });

  it("else a number in the same state or province", () => {
    // 737 and 512 are both Austin, 713 Houston: no 737 or 713 in the pool, so a Texan number.
    expect(chosen("+17375550100")).toEqual({ number: austin.number, match: "region" });
    expect(chosen("+17135550100")).toEqual({ number: austin.number, match: "region" });
    // 310 (Los Angeles) -> the California number; 647 (Toronto overlay) -> the Ontario one.
    expect(chosen("+13105550100")).toEqual({ number: sanFrancisco.number, match: "region" });
    expect(chosen("+16475550100")).toEqual({ number: toronto.number, match: "region" });
  });

  it("matches a region the operator gave, outside the NANP too", () => {
    const withRegion = [newYork, n("+441615550100", false, "GB-MAN"), london];
    // Not a NANP number: no area code, no derived region; the given regions do not match a
    // business whose region is unknown, so the country decides (the first GB number).
    expect(chosen("+442079460000", withRegion)).toEqual({
      number: "+441615550100",
      match: "country",
    });
    // A region given for a NANP number overrides the one its area code implies.
    const override = [newYork, n("+15125550100", false, "US-OK")];
    expect(chosen("+14055550100", override)).toEqual({ number: "+15125550100", match: "region" });
    expect(chosen("+17375550100", override)).toEqual({ number: newYork.number, match: "country" });
  });

  it("else a number in the same country", () => {
    // 907 is Alaska: no Alaskan number, so any US number (the default comes first).
    expect(chosen("+19075550100")).toEqual({ number: newYork.number, match: "country" });
    // 902 is Nova Scotia: no number there, the Canadian one.
    expect(chosen("+19025550100")).toEqual({ number: toronto.number, match: "country" });
    expect(chosen("+441214960000")).toEqual({ number: london.number, match: "country" });
  });

  it("else the default, also for a number that cannot be read", () => {
    expect(chosen("+33142685300")).toEqual({ number: newYork.number, match: "default" });
    expect(chosen(null)).toEqual({ number: newYork.number, match: "default" });
  });

  it("prefers the default among equally close numbers, then the pool's order", () => {
    const twoTexans = [n("+12145550100"), n("+15125550100"), n("+15125550111", true)];
    expect(chosen("+15125550142", twoTexans)?.number).toBe("+15125550111");
    expect(chosen("+17135550100", twoTexans)?.number).toBe("+15125550111");
    const noDefault = [n("+12145550100"), n("+15125550100")];
    expect(chosen("+17135550100", noDefault)?.number).toBe("+12145550100");
    expect(chosen("+33142685300", noDefault)).toEqual({
      number: "+12145550100",
      match: "default",
    });
  });

  it("has nothing to present from an empty pool", () => {
    expect(chooseCallerId([], "+15125550142")).toBeNull();
    expect(chooseCallerId([], null)).toBeNull();
  });
});

describe("area codes and regions", () => {
  it("reads the NANP area code only from a +1 number", () => {
    expect(areaCodeOf("+15125550100")).toBe("512");
    expect(areaCodeOf("+442071838750")).toBeNull();
    expect(areaCodeOf("+1512555")).toBeNull();
    expect(areaCodeOf(null)).toBeNull();
  });

  it("knows the state or province of an area code, and none for toll-free", () => {
    expect(regionOf("+15125550100")).toBe("US-TX");
    expect(regionOf("+14165550100")).toBe("CA-ON");
    expect(regionOf("+15145550100")).toBe("CA-QC");
    expect(regionOf("+18005550100")).toBeNull();
    expect(regionOf("+442071838750")).toBeNull();
    expect(regionOf("+442071838750", "gb-lnd")).toBe("GB-LND");
  });
});

describe("a caller ID's rules", () => {
  it("stores the number in E.164, reading one without a country code as North American", () => {
    expect(callerIdBodySchema.parse({ number: "(512) 555-0100" })).toEqual({
      number: "+15125550100",
      region: null,
      isDefault: false,
    });
    expect(
      callerIdBodySchema.parse({ number: "+44 20 7183 8750", region: " gb-lnd ", isDefault: true }),
    ).toEqual({ number: "+442071838750", region: "GB-LND", isDefault: true });
  });

  it("refuses what is not a phone number, and a region outside the number's country", () => {
    expect(checkCallerId({ number: "" })).toEqual({ number: "numberRequired" });
    expect(checkCallerId({ number: "call me" })).toEqual({ number: "numberInvalid" });
    expect(checkCallerId({ number: "+999 123" })).toEqual({ number: "numberInvalid" });
    expect(checkCallerId({ number: "+15125550100", region: "Texas" })).toEqual({
      region: "regionInvalid",
    });
    expect(checkCallerId({ number: "+15125550100", region: "CA-ON" })).toEqual({
      region: "regionCountry",
    });
    expect(checkCallerId({ number: "+15125550100", region: "us-tx" })).toEqual({});
    const refused = callerIdBodySchema.safeParse({ number: "+15125550100", region: "GB-LND" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["region"]);
    expect(callerIdBodySchema.safeParse({ number: "+15125550100", extra: 1 }).success).toBe(false);
  });
});

describe("the INVITE's caller ID header", () => {
  it("asserts the authorised caller ID in P-Asserted-Identity, and nothing without one", () => {
    expect(
      authorizedCallHeaders(
        { authorization: "jwt", number: "+15125550142", callerId: "+15125550100" },
        "sip.example.test",
      ),
    ).toEqual([
      "X-DialFlow-Authorization: jwt",
      "P-Asserted-Identity: <sip:+15125550100@sip.example.test;user=phone>",
    ]);
    expect(
      authorizedCallHeaders({ authorization: "jwt", number: "+1512", callerId: null }, "d"),
    ).toEqual(["X-DialFlow-Authorization: jwt"]);
    // Never a header built from something that is not E.164.
    expect(
      authorizedCallHeaders({ authorization: "jwt", number: "+1", callerId: "+1\r\nX: y" }, "d"),
    ).toEqual(["X-DialFlow-Authorization: jwt"]);
  });
});
