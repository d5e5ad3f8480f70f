import type { StatsSample } from "@/modules/dialer/lib/call-quality";

/**
 * One quality sample from a peer connection's `getStats()` report, both directions: what the rep
 * hears from the audio `inbound-rtp` (cumulative packets lost and received, jitter), what the far
 * end hears of the rep from its receiver reports (`remote-inbound-rtp`: `fractionLost` of the
 * last report, the far end's jitter, and the round trip). RTCP's round trip arrives after a few
 * seconds; until then the nominated ICE pair's is used. Chromium gives seconds: kept in ms here.
 */
export function statsSampleOf(report: RTCStatsReport): StatsSample {
  const sample: StatsSample = {
    packetsLost: 0,
    packetsReceived: 0,
    rttMs: null,
    jitterMs: null,
    outgoing: null,
  };
  let pairRttMs: number | null = null;
  report.forEach((stat: Record<string, unknown>) => {
    if (stat.type === "inbound-rtp" && stat.kind === "audio") {
      sample.packetsLost = numberOr(stat.packetsLost, 0);
      sample.packetsReceived = numberOr(stat.packetsReceived, 0);
      if (typeof stat.jitter === "number") sample.jitterMs = stat.jitter * 1000;
    } else if (stat.type === "remote-inbound-rtp" && stat.kind !== "video") {
      if (typeof stat.roundTripTime === "number") sample.rttMs = stat.roundTripTime * 1000;
      sample.outgoing = {
        fractionLost: typeof stat.fractionLost === "number" ? stat.fractionLost : null,
        jitterMs: typeof stat.jitter === "number" ? stat.jitter * 1000 : null,
      };
    } else if (
      stat.type === "candidate-pair" &&
      stat.nominated === true &&
      typeof stat.currentRoundTripTime === "number"
    ) {
      pairRttMs = stat.currentRoundTripTime * 1000;
    }
  });
  sample.rttMs ??= pairRttMs;
  return sample;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
