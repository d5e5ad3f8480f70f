// modules/analytics/lib/zone.ts: a zone's offset pieces over a range, found to the minute, and the local
// day and hour labels that Analytics' activity buckets use.
import { describe, expect, it } from "vitest";
import {
  dayLabel,
  localDayIndex,
  localMinuteLabel,
  offsetPieces,
  subHourOffsetSeconds,
} from "@/modules/analytics/lib/zone";

describe("offset pieces", () => {
  it("finds New York's two changes of 2026, to the minute", () => {
    const pieces = offsetPieces(
      "America/New_York",
      new Date("2026-01-01T00:00:00Z"),
      new Date("2026-12-31T00:00:00Z"),
    );
    expect(pieces.map((p) => [new Date(p.fromMs).toISOString(), p.offsetSeconds])).toEqual([
      ["2026-01-01T00:00:00.000Z", -5 * 3600],
      ["2026-03-08T07:00:00.000Z", -4 * 3600],
      ["2026-11-01T06:00:00.000Z", -5 * 3600],
    ]);
  });

  it("is one piece where nothing changes, half-hour zones included", () => {
    const pieces = offsetPieces(
      "Asia/Kolkata",
      new Date("2026-01-01T00:00:00Z"),
      new Date("2026-12-31T00:00:00Z"),
    );
    expect(pieces).toEqual([{ fromMs: Date.UTC(2026, 0, 1), offsetSeconds: 19_800 }]);
    expect(subHourOffsetSeconds("Asia/Kolkata", new Date())).toBe(1800);
    expect(subHourOffsetSeconds("America/St_Johns", new Date("2026-01-15T00:00:00Z"))).toBe(1800);
    expect(subHourOffsetSeconds("Europe/Berlin", new Date())).toBe(0);
  });
});

describe("local days and hours", () => {
  const pieces = offsetPieces(
    "America/New_York",
    new Date("2026-03-05T05:00:00Z"),
    new Date("2026-03-12T03:59:59Z"),
  );
  it("puts 04:30Z on the 8th on the 7th in New York, and 04:30Z on the 9th on the 9th (EDT)", () => {
    expect(dayLabel(localDayIndex(Date.parse("2026-03-08T04:30:00Z"), pieces))).toBe("2026-03-07");
    expect(dayLabel(localDayIndex(Date.parse("2026-03-09T04:30:00Z"), pieces))).toBe("2026-03-09");
  });
  it("labels real hours with their local time across the spring-forward gap", () => {
    expect(localMinuteLabel("America/New_York", Date.parse("2026-03-08T06:00:00Z"))).toBe(
      "2026-03-08T01:00",
    );
    expect(localMinuteLabel("America/New_York", Date.parse("2026-03-08T07:00:00Z"))).toBe(
      "2026-03-08T03:00",
    );
  });
});
