import { describe, expect, it } from "vitest";
import { relativeTime } from "@/lib/format/relative-time";

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const ago = (ms: number) => relativeTime(now - ms, now);

describe("relativeTime", () => {
  it("says just now under a minute, and for future timestamps", () => {
    expect(ago(0)).toEqual({ key: "justNow" });
    expect(ago(59_999)).toEqual({ key: "justNow" });
    expect(relativeTime(now + 5_000, now)).toEqual({ key: "justNow" });
  });
  it("counts whole minutes below an hour", () => {
    expect(ago(60_000)).toEqual({ key: "minutesAgo", count: 1 });
    expect(ago(59 * 60_000 + 59_000)).toEqual({ key: "minutesAgo", count: 59 });
  });
  it("counts whole hours below a day", () => {
    expect(ago(3_600_000)).toEqual({ key: "hoursAgo", count: 1 });
    expect(ago(23.9 * 3_600_000)).toEqual({ key: "hoursAgo", count: 23 });
  });
  it("counts whole days from a day on", () => {
    expect(ago(24 * 3_600_000)).toEqual({ key: "daysAgo", count: 1 });
    expect(ago(10 * 24 * 3_600_000 + 5)).toEqual({ key: "daysAgo", count: 10 });
  });
});
