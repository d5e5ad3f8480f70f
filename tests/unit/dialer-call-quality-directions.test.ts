// Line quality in both directions: the far end's receiver reports (remote-inbound-rtp) rate what
// it hears of the rep, inbound-rtp what the rep hears; the MOS, the level and the call's summary
// take the worse, and a call that receives nothing has no MOS at all.
import { describe, expect, it } from "vitest";
import { createQualityMeter, estimateMos } from "@/modules/dialer/lib/call-quality";
import { statsSampleOf } from "@/modules/dialer/lib/sip-stats";

/** Cumulative inbound counters of a clean incoming stream, `n` seconds in (50 packets a second). */
const clean = (n: number) => ({ packetsLost: 0, packetsReceived: 50 * n, rttMs: 2, jitterMs: 2 });

describe("quality from both directions", () => {
  it("one packet in ten of the rep's audio lost: poor, the warning's streak grows, the record keeps it", () => {
    const meter = createQualityMeter();
    let reading = meter.add({ ...clean(1), outgoing: { fractionLost: 0.1, jitterMs: 3 } });
    for (let s = 2; s <= 6; s++) {
      reading = meter.add({ ...clean(s), outgoing: { fractionLost: 0.1, jitterMs: 3 } });
    }
    const outgoingMos = estimateMos({ rttMs: 2, jitterMs: 3, lossFraction: 0.1 });
    expect(reading.incoming).toMatchObject({ lossFraction: 0 });
    expect(reading.outgoing).toMatchObject({ lossFraction: 0.1, jitterMs: 3 });
    expect(reading.outgoing!.mos).toBeCloseTo(outgoingMos, 6);
    expect(reading.mos).toBeCloseTo(outgoingMos, 6);
    expect(reading.incoming!.mos).toBeGreaterThan(4.3);
    expect(reading.level).toBe("poor");
    expect(reading.lossFraction).toBeCloseTo(0.1, 6);
    expect(reading.poorForSeconds).toBe(6);
    expect(meter.summary()).toMatchObject({ samples: 6 });
    expect(meter.summary()!.worstLossFraction).toBeCloseTo(0.1, 6);
    expect(meter.summary()!.worstMos).toBeCloseTo(outgoingMos, 6);
  });

  it("takes the incoming direction when it is the worse, and averages the far end's reports over the window", () => {
    const meter = createQualityMeter({ lossWindow: 2 });
    meter.add({ ...clean(1), outgoing: { fractionLost: 0.2 } });
    meter.add({ ...clean(2), outgoing: { fractionLost: 0 } });
    const r = meter.add({
      packetsLost: 30,
      packetsReceived: 150 + 20,
      rttMs: 2,
      jitterMs: 2,
      outgoing: { fractionLost: 0 },
    });
    // Outgoing: (0 + 0) / 2 over the last two reports; incoming: its last two intervals' packets.
    expect(r.outgoing!.lossFraction).toBe(0);
    expect(r.incoming!.lossFraction).toBeCloseTo(30 / (50 + 100), 6);
    expect(r.mos).toBe(r.incoming!.mos);
  });

  it("no media received: No audio, no MOS on the record", () => {
    const meter = createQualityMeter();
    for (let s = 0; s < 5; s++) {
      const r = meter.add({ packetsLost: 0, packetsReceived: 0, rttMs: 2, jitterMs: 0 });
      expect(r.noAudio).toBe(true);
      expect(r.poorForSeconds).toBe(0);
    }
    expect(meter.summary()).toBeNull();
  });
});

describe("statsSampleOf", () => {
  it("reads the incoming stream and the far end's receiver report, in ms", () => {
    const report = new Map<string, Record<string, unknown>>([
      [
        "in",
        { type: "inbound-rtp", kind: "audio", packetsLost: 3, packetsReceived: 97, jitter: 0.004 },
      ],
      [
        "remote",
        {
          type: "remote-inbound-rtp",
          kind: "audio",
          fractionLost: 0.098,
          jitter: 0.006,
          roundTripTime: 0.23,
        },
      ],
      ["pair", { type: "candidate-pair", nominated: true, currentRoundTripTime: 0.001 }],
    ]) as unknown as RTCStatsReport;
    const sample = statsSampleOf(report);
    expect(sample).toMatchObject({ packetsLost: 3, packetsReceived: 97, rttMs: 230 });
    expect(sample.jitterMs).toBeCloseTo(4, 6);
    expect(sample.outgoing!.fractionLost).toBe(0.098);
    expect(sample.outgoing!.jitterMs).toBeCloseTo(6, 6);
  });

  it("falls back to the ICE pair's round trip before the first receiver report", () => {
    const report = new Map<string, Record<string, unknown>>([
      ["in", { type: "inbound-rtp", kind: "audio", packetsLost: 0, packetsReceived: 10 }],
      ["pair", { type: "candidate-pair", nominated: true, currentRoundTripTime: 0.002 }],
    ]) as unknown as RTCStatsReport;
    expect(statsSampleOf(report)).toMatchObject({ rttMs: 2, outgoing: null });
  });
});
