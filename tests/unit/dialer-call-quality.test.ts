import { describe, expect, it } from "vitest";
import {
  QUALITY_THRESHOLDS,
  createQualityMeter,
  delayImpairment,
  effectiveLatencyMs,
  estimateMos,
  lossImpairment,
  mosFromR,
  qualityLevel,
  rFactor,
  type StatsSample,
} from "@/modules/dialer/lib/call-quality";

/** Cumulative counters, as getStats reports them, from per-second (lost, received) pairs. */
function cumulative(
  seconds: [lost: number, received: number][],
  line: { rttMs?: number | null; jitterMs?: number | null } = { rttMs: 2, jitterMs: 2 },
): StatsSample[] {
  let lost = 0;
  let received = 0;
  return seconds.map(([l, r]) => {
    lost += l;
    received += r;
    return { ...line, packetsLost: lost, packetsReceived: received };
  });
}

const degraded = { rttMs: 230, jitterMs: 15 };

describe("E-model pieces", () => {
  it("effective latency is RTT/2 + 2 jitter + 10 ms", () => {
    expect(effectiveLatencyMs(2, 2)).toBe(15);
    expect(effectiveLatencyMs(230, 15)).toBe(155);
    expect(effectiveLatencyMs(0, 0)).toBe(10);
  });

  it("delay impairment is latency/40 below 160 ms and (latency-120)/10 from 160 ms", () => {
    expect(delayImpairment(0)).toBe(0);
    expect(delayImpairment(40)).toBe(1);
    expect(delayImpairment(159.99)).toBeCloseTo(4, 3);
    expect(delayImpairment(160)).toBe(4);
    expect(delayImpairment(200)).toBe(8);
    expect(delayImpairment(520)).toBe(40);
  });

  it("loss impairment is G.711 with PLC (Ie 0, Bpl 25.1)", () => {
    expect(lossImpairment(0)).toBe(0);
    expect(lossImpairment(0.01)).toBeCloseTo(95 / 26.1, 6);
    expect(lossImpairment(0.1)).toBeCloseTo(950 / 35.1, 6);
    expect(lossImpairment(1)).toBeCloseTo(9500 / 125.1, 6);
  });

  it("R to MOS follows G.107 Annex B", () => {
    expect(mosFromR(0)).toBe(1);
    expect(mosFromR(50)).toBeCloseTo(2.575, 6);
    expect(mosFromR(60)).toBeCloseTo(3.1, 6);
    expect(mosFromR(70)).toBeCloseTo(3.597, 6);
    expect(mosFromR(80)).toBeCloseTo(4.024, 6);
    expect(mosFromR(93.2)).toBeCloseTo(4.4094, 3);
    expect(mosFromR(100)).toBe(4.5);
  });

  it("R of a perfect line is 93.2 minus the codec delay's impairment", () => {
    expect(rFactor({ rttMs: 0, jitterMs: 0, lossFraction: 0 })).toBeCloseTo(93.2 - 10 / 40, 9);
  });
});

describe("estimated MOS", () => {
  it("a clean loopback (RTT 2 ms, jitter 2 ms, no loss) is about 4.4, good", () => {
    const mos = estimateMos({ rttMs: 2, jitterMs: 2, lossFraction: 0 });
    expect(mos).toBeCloseTo(4.4, 1);
    expect(mos).toBeCloseTo(4.4019, 3);
    expect(qualityLevel(mos)).toBe("good");
  });

  it("the reference's degraded path (RTT ~230 ms, jitter ~15 ms, 10 % loss) is poor", () => {
    const mos = estimateMos({ ...degraded, lossFraction: 0.1 });
    expect(mos).toBeCloseTo(3.216, 2);
    expect(qualityLevel(mos)).toBe("poor");
    // The whole measured range: RTT 229-239 ms, fraction lost 0.094-0.105, any jitter.
    for (const rttMs of [229, 239])
      for (const lossFraction of [0.094, 0.105])
        for (const jitterMs of [0, 15, 30])
          expect(qualityLevel(estimateMos({ rttMs, jitterMs, lossFraction }))).toBe("poor");
  });

  it("5 % loss on a clean path is fair, 1 % is still good", () => {
    expect(qualityLevel(estimateMos({ rttMs: 2, jitterMs: 2, lossFraction: 0.05 }))).toBe("fair");
    expect(qualityLevel(estimateMos({ rttMs: 2, jitterMs: 2, lossFraction: 0.01 }))).toBe("good");
  });

  it("more loss never raises MOS", () => {
    for (const rttMs of [0, 100, 300, 800]) {
      let last = Infinity;
      for (let loss = 0; loss <= 1.0001; loss += 0.005) {
        const mos = estimateMos({ rttMs, jitterMs: 5, lossFraction: loss });
        expect(mos).toBeLessThanOrEqual(last);
        last = mos;
      }
    }
  });

  it("more round-trip time or jitter never raises MOS", () => {
    for (const lossFraction of [0, 0.02, 0.2, 1]) {
      let last = Infinity;
      for (let rttMs = 0; rttMs <= 3000; rttMs += 5) {
        const mos = estimateMos({ rttMs, jitterMs: 5, lossFraction });
        expect(mos).toBeLessThanOrEqual(last);
        last = mos;
      }
      last = Infinity;
      for (let jitterMs = 0; jitterMs <= 500; jitterMs += 1) {
        const mos = estimateMos({ rttMs: 50, jitterMs, lossFraction });
        expect(mos).toBeLessThanOrEqual(last);
        last = mos;
      }
    }
  });

  it("MOS never falls as R rises (the cubic's dip below 1 is clamped)", () => {
    let last = -Infinity;
    for (let r = -10; r <= 110; r += 0.25) {
      const mos = mosFromR(r);
      expect(mos).toBeGreaterThanOrEqual(last);
      last = mos;
    }
    expect(mosFromR(3)).toBe(1);
  });

  it("clamps: a hopeless line is 1, never below; nothing exceeds 4.5", () => {
    expect(estimateMos({ rttMs: 10_000, jitterMs: 1000, lossFraction: 1 })).toBe(1);
    expect(rFactor({ rttMs: 10_000, jitterMs: 0, lossFraction: 0 })).toBe(0);
    expect(mosFromR(150)).toBe(4.5);
    expect(mosFromR(-20)).toBe(1);
    expect(estimateMos({ rttMs: 0, jitterMs: 0, lossFraction: 0 })).toBeLessThanOrEqual(4.5);
  });

  it("clamps out-of-range and bad inputs instead of producing nonsense", () => {
    const perfect = estimateMos({ rttMs: 0, jitterMs: 0, lossFraction: 0 });
    expect(estimateMos({ rttMs: -50, jitterMs: -3, lossFraction: -0.5 })).toBe(perfect);
    expect(estimateMos({ rttMs: NaN, jitterMs: NaN, lossFraction: NaN })).toBe(perfect);
    expect(estimateMos({ rttMs: 2, jitterMs: 2, lossFraction: 7 })).toBe(
      estimateMos({ rttMs: 2, jitterMs: 2, lossFraction: 1 }),
    );
    expect(mosFromR(NaN)).toBe(1);
  });
});

describe("quality level", () => {
  it("is good from 4.0, fair from 3.6, poor below", () => {
    expect(QUALITY_THRESHOLDS).toEqual({ good: 4.0, fair: 3.6 });
    expect(qualityLevel(4.5)).toBe("good");
    expect(qualityLevel(4.0)).toBe("good");
    expect(qualityLevel(3.9999)).toBe("fair");
    expect(qualityLevel(3.6)).toBe("fair");
    expect(qualityLevel(3.5999)).toBe("poor");
    expect(qualityLevel(1)).toBe("poor");
  });
});

describe("quality meter", () => {
  it("computes each interval's loss from the counters' deltas", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    const [a, b, c] = cumulative([
      [0, 50],
      [5, 45],
      [1, 49],
    ]);
    expect(meter.add(a!).lossFraction).toBe(0);
    expect(meter.add(b!).lossFraction).toBeCloseTo(0.1, 9);
    expect(meter.add(c!).lossFraction).toBeCloseTo(0.02, 9);
  });

  it("counts the first sample's counters from zero", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    expect(
      meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 10, packetsReceived: 90 }),
    ).toMatchObject({ lossFraction: 0.1 });
  });

  it("measures loss over the last lossWindow intervals (five by default)", () => {
    const meter = createQualityMeter();
    const readings = cumulative([
      [0, 50],
      [0, 50],
      [0, 50],
      [0, 50],
      [25, 25],
      [0, 50],
      [0, 50],
      [0, 50],
      [0, 50],
      [0, 50],
    ]).map((s) => meter.add(s));
    expect(readings[4]!.lossFraction).toBeCloseTo(25 / 250, 9);
    expect(readings[8]!.lossFraction).toBeCloseTo(25 / 250, 9);
    expect(readings[9]!.lossFraction).toBe(0);
  });

  it("never reports negative loss when the lost counter goes backwards", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 8, packetsReceived: 92 });
    // RFC 3550: late or duplicate packets can lower the cumulative count.
    const reading = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 5, packetsReceived: 142 });
    expect(reading.lossFraction).toBe(0);
    // The next interval is measured from the lowered count.
    const next = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 10, packetsReceived: 187 });
    expect(next.lossFraction).toBeCloseTo(5 / 50, 9);
  });

  it("treats received going backwards as a new stream: no loss, new baseline", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 0, packetsReceived: 5000 });
    const reset = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 40, packetsReceived: 10 });
    expect(reset.lossFraction).toBe(0);
    expect(reset.level).toBe("good");
    const after = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 42, packetsReceived: 58 });
    expect(after.lossFraction).toBeCloseTo(2 / 50, 9);
    expect(meter.summary()!.worstLossFraction).toBeCloseTo(2 / 50, 9);
  });

  it("a reset keeps earlier intervals in the window and adds nothing negative", () => {
    const meter = createQualityMeter({ lossWindow: 3 });
    meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 5, packetsReceived: 45 });
    const reading = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 0, packetsReceived: 0 });
    expect(reading.lossFraction).toBeCloseTo(0.1, 9);
  });

  it("an interval without packets (hold) says nothing about loss", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    const [a, b, c] = cumulative([
      [5, 45],
      [0, 0],
      [0, 0],
    ]);
    meter.add(a!);
    expect(meter.add(b!).lossFraction).toBeCloseTo(0.1, 9);
    expect(meter.add(c!).lossFraction).toBeCloseTo(0.1, 9);
  });

  it("ignores non-finite counters rather than producing NaN", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 0, packetsReceived: 50 });
    const reading = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: NaN, packetsReceived: NaN });
    expect(Number.isNaN(reading.lossFraction)).toBe(false);
    expect(Number.isNaN(reading.mos)).toBe(false);
  });

  it("uses the last known RTT and jitter when a sample lacks them (0 before any)", () => {
    const meter = createQualityMeter();
    const first = meter.add({
      rttMs: null,
      jitterMs: undefined,
      packetsLost: 0,
      packetsReceived: 50,
    });
    expect(first).toMatchObject({ rttMs: 0, jitterMs: 0 });
    meter.add({ rttMs: 120, jitterMs: 8, packetsLost: 0, packetsReceived: 100 });
    const later = meter.add({ rttMs: null, jitterMs: NaN, packetsLost: 0, packetsReceived: 150 });
    expect(later).toMatchObject({ rttMs: 120, jitterMs: 8 });
  });

  it("counts consecutive poor seconds, and a better second starts the count again", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    const bad = cumulative(
      [
        [0, 50],
        [5, 45],
        [5, 45],
        [5, 45],
      ],
      degraded,
    );
    expect(bad.map((s) => meter.add(s).poorForSeconds)).toEqual([0, 1, 2, 3]);
    expect(meter.poorForSeconds).toBe(3);
    const last = bad[3]!;
    const good = meter.add({
      rttMs: 2,
      jitterMs: 2,
      packetsLost: last.packetsLost,
      packetsReceived: last.packetsReceived + 50,
    });
    expect(good).toMatchObject({ level: "good", poorForSeconds: 0 });
    expect(meter.poorForSeconds).toBe(0);
  });

  it("with the default window, one bad second on a good line does not read poor", () => {
    const meter = createQualityMeter();
    const readings = cumulative([
      [0, 50],
      [0, 50],
      [0, 50],
      [0, 50],
      [5, 45],
    ]).map((s) => meter.add(s));
    expect(readings.every((r) => r.poorForSeconds === 0)).toBe(true);
  });

  it("on the degraded path with random-looking loss, the poor streak keeps growing", () => {
    const meter = createQualityMeter();
    // 10 % overall, but individual seconds range from 3 to 7 lost of 50.
    const perSecond = [5, 3, 7, 4, 6, 3, 5, 7, 4, 6].map((l): [number, number] => [l, 50 - l]);
    const streak = cumulative(perSecond, degraded).map((s) => meter.add(s).poorForSeconds);
    expect(streak).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("summarises the call: average and worst MOS, worst jitter and loss", () => {
    const meter = createQualityMeter({ lossWindow: 1 });
    expect(meter.summary()).toBeNull();
    const a = meter.add({ rttMs: 2, jitterMs: 2, packetsLost: 0, packetsReceived: 50 });
    const b = meter.add({ rttMs: 230, jitterMs: 15, packetsLost: 5, packetsReceived: 95 });
    const c = meter.add({ rttMs: 40, jitterMs: 6, packetsLost: 6, packetsReceived: 144 });
    const summary = meter.summary()!;
    expect(summary.samples).toBe(3);
    expect(summary.averageMos).toBeCloseTo((a.mos + b.mos + c.mos) / 3, 9);
    expect(summary.worstMos).toBe(b.mos);
    expect(summary.worstJitterMs).toBe(15);
    expect(summary.worstLossFraction).toBeCloseTo(0.1, 9);
  });

  it("does not mix two calls: each call gets its own meter", () => {
    const first = createQualityMeter({ lossWindow: 1 });
    first.add({ rttMs: 230, jitterMs: 15, packetsLost: 10, packetsReceived: 40 });
    const second = createQualityMeter({ lossWindow: 1 });
    expect(second.summary()).toBeNull();
    expect(second.poorForSeconds).toBe(0);
  });
});
