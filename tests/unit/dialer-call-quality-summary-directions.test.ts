// The call record keeps each direction's own figures as well as the worse-of-both summary: what
// the rep heard (inbound-rtp) and what the far end heard of the rep (its receiver reports).
import { describe, expect, it } from "vitest";
import { createQualityMeter, estimateMos } from "@/modules/dialer/lib/call-quality";

const clean = (n: number) => ({ packetsLost: 0, packetsReceived: 50 * n, rttMs: 2, jitterMs: 2 });

describe("the quality summary per direction", () => {
  it("keeps what each side heard: a lossy outgoing direction does not stain the incoming one", () => {
    const meter = createQualityMeter();
    for (let s = 1; s <= 4; s++) {
      meter.add({ ...clean(s), outgoing: { fractionLost: s === 4 ? 0.2 : 0.05, jitterMs: 7 } });
    }
    const summary = meter.summary()!;
    const cleanMos = estimateMos({ rttMs: 2, jitterMs: 2, lossFraction: 0 });
    expect(summary.incoming).toMatchObject({ worstLossFraction: 0, worstJitterMs: 2 });
    expect(summary.incoming!.averageMos).toBeCloseTo(cleanMos, 6);
    expect(summary.incoming!.worstMos).toBeCloseTo(cleanMos, 6);
    // The far end's loss is averaged over the window: (0.05 * 3 + 0.2) / 4 at the last report.
    expect(summary.outgoing!.worstLossFraction).toBeCloseTo(0.35 / 4, 6);
    expect(summary.outgoing!.worstJitterMs).toBe(7);
    expect(summary.outgoing!.worstMos).toBeLessThan(summary.incoming!.worstMos);
    expect(summary.outgoing!.averageMos).toBeGreaterThanOrEqual(summary.outgoing!.worstMos);
    // The worse-of-both figures stay what they were.
    expect(summary.worstMos).toBeCloseTo(summary.outgoing!.worstMos, 6);
    expect(summary.worstLossFraction).toBeCloseTo(0.35 / 4, 6);
  });

  it("no receiver report from the far end: the outgoing direction is unknown (null), not perfect", () => {
    const meter = createQualityMeter();
    meter.add(clean(1));
    meter.add({ packetsLost: 10, packetsReceived: 90, rttMs: 2, jitterMs: 4 });
    const summary = meter.summary()!;
    expect(summary.outgoing).toBeNull();
    expect(summary.incoming!.worstLossFraction).toBeCloseTo(10 / 100, 6);
    expect(summary.incoming!.worstJitterMs).toBe(4);
  });
});
