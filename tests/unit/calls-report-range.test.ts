import { describe, expect, it } from "vitest";
import {
  formatIsoAt,
  offsetMinutesOf,
  reportComment,
  reportFileNameAt,
  reportRange,
} from "@/modules/calls/lib/report-range";

describe("report ranges in the browser's offset", () => {
  it("reads the offset of an ISO time", () => {
    expect(offsetMinutesOf("2026-11-23T00:00:00Z")).toBe(0);
    expect(offsetMinutesOf("2026-11-23T00:00:00.000+01:00")).toBe(60);
    expect(offsetMinutesOf("2026-11-23T00:00:00-05:30")).toBe(-330);
  });

  it("writes formatISO's form at that offset", () => {
    const d = new Date("2026-11-23T04:15:09.250Z");
    expect(formatIsoAt(d, 0)).toBe("2026-11-23T04:15:09Z");
    expect(formatIsoAt(d, 180)).toBe("2026-11-23T07:15:09+03:00");
    expect(formatIsoAt(d, -330)).toBe("2026-11-22T22:45:09-05:30");
  });

  it("keeps the end inclusive, to the end of its second when it has no milliseconds", () => {
    expect(
      reportRange("2026-11-23T00:00:00-05:00", "2026-11-23T23:59:59-05:00").end.toISOString(),
    ).toBe("2026-11-24T04:59:59.999Z");
    expect(reportRange("2026-11-23T00:00:00Z", "2026-11-23T10:00:00.250Z").end.toISOString()).toBe(
      "2026-11-23T10:00:00.250Z",
    );
  });

  it("names files and comments as the client-side export did", () => {
    const day = reportRange("2026-11-23T00:00:00.000-05:00", "2026-11-23T23:59:59.999-05:00");
    expect(reportFileNameAt("call-reports", day, false)).toBe("call-reports_2026-11-23.csv");
    expect(reportComment("sales-history", day)).toBe(
      "Sales History range: 2026-11-23T00:00:00-05:00 to 2026-11-23T23:59:59-05:00",
    );
    const hour = reportRange("2026-11-23T11:40:00+01:00", "2026-11-23T12:40:00+01:00");
    expect(reportFileNameAt("sales-history", hour, true)).toBe(
      "sales-history_2026-11-23T1140_to_2026-11-23T1240.csv",
    );
  });

  it("writes each end of a range across a daylight-saving change in its own offset", () => {
    // New York: EST (-05:00) on 5 March, EDT (-04:00) from 8 March.
    const range = reportRange("2026-03-05T00:00:00-05:00", "2026-03-20T23:59:59-04:00");
    expect(reportComment("call-reports", range)).toBe(
      "Call Reports range: 2026-03-05T00:00:00-05:00 to 2026-03-20T23:59:59-04:00",
    );
    expect(reportFileNameAt("call-reports", range, false)).toBe(
      "call-reports_2026-03-05_to_2026-03-20.csv",
    );
  });
});
