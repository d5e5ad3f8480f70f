// The phone line's reconnect back-off: under 10 s between attempts for the first minute of an
// outage (it used to reach 30 s by the fifth attempt), then up to 30 s.
import { describe, expect, it } from "vitest";
import { lineRetryDelayMs, MAX_DELAY_MS } from "@/modules/dialer/lib/line-retry";

describe("lineRetryDelayMs", () => {
  it("doubles from 1 s and stays under 10 s for the first minute", () => {
    let offlineFor = 0;
    const waits: number[] = [];
    for (let attempt = 0; offlineFor < 60_000; attempt++) {
      const wait = lineRetryDelayMs(attempt, offlineFor);
      waits.push(wait);
      offlineFor += wait;
    }
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...waits)).toBeLessThan(10_000);
    // Attempts keep coming through the minute, not one every 30 s.
    expect(waits.length).toBeGreaterThanOrEqual(8);
  });

  it("backs off up to 30 s once the line has been down a minute", () => {
    expect(lineRetryDelayMs(4, 61_000)).toBe(16_000);
    expect(lineRetryDelayMs(5, 61_000)).toBe(MAX_DELAY_MS);
    expect(lineRetryDelayMs(50, 3_600_000)).toBe(MAX_DELAY_MS);
    expect(lineRetryDelayMs(-1, 0)).toBe(1000);
  });
});
