// Parallel dialing's pacing: the worse of the two rates decides, fewer lines near the cap, one at it.
import { describe, expect, it } from "vitest";
import { allowedLines } from "@/modules/power-dial/lib/pacing";

const base = { chosen: 5, maxLines: 5, ratePercent24h: 0, ratePercent30d: 0, capPercent: 3 };

describe("allowedLines", () => {
  it.each([
    // chosen, maxLines, 24h, 30d, cap, lines
    [5, 5, 0, 0, 3, 5],
    [5, 3, 0, 0, 3, 3],
    [2, 5, 0, 0, 3, 2],
    [1, 5, 0, 0, 3, 1],
    [5, 5, 1.9, 0, 3, 5],
    [5, 5, 2, 0, 3, 5],
    [5, 5, 2.1, 0, 3, 4],
    [5, 5, 0, 2.5, 3, 3],
    [5, 5, 2.5, 0.1, 3, 3],
    [5, 5, 2.9, 0, 3, 1],
    [5, 5, 3, 0, 3, 1],
    [5, 5, 0, 3, 3, 1],
    [5, 5, 12, 0, 3, 1],
    [3, 5, 2.5, 0, 3, 2],
    [5, 5, 4, 0, 5, 3],
    [5, 5, 1, 1, 0.5, 1],
  ])(
    "chosen %d, max %d, 24h %d%%, 30d %d%%, cap %d%% → %d",
    (chosen, maxLines, r24, r30, cap, n) => {
      expect(
        allowedLines({
          chosen,
          maxLines,
          ratePercent24h: r24,
          ratePercent30d: r30,
          capPercent: cap,
        }),
      ).toBe(n);
    },
  );

  it("never rises as either rate rises, and stays within 1..min(chosen, maxLines)", () => {
    for (const chosen of [1, 2, 3, 4, 5]) {
      for (const maxLines of [1, 3, 5]) {
        let last = Infinity;
        for (let rate = 0; rate <= 4; rate += 0.01) {
          const lines = allowedLines({ ...base, chosen, maxLines, ratePercent30d: rate });
          expect(lines).toBeLessThanOrEqual(last);
          expect(lines).toBeGreaterThanOrEqual(1);
          expect(lines).toBeLessThanOrEqual(Math.min(chosen, maxLines));
          last = lines;
        }
      }
    }
  });

  it("reads what it cannot trust as the cap reached", () => {
    expect(allowedLines({ ...base, ratePercent24h: Number.NaN })).toBe(1);
    expect(allowedLines({ ...base, capPercent: 0 })).toBe(1);
    expect(allowedLines({ ...base, chosen: 0 })).toBe(1);
    expect(allowedLines({ ...base, chosen: 4.7 })).toBe(4);
  });
});
