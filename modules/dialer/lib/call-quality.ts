/**
 * Line health during a call: an estimated MOS from what `getStats()` reports once a
 * second, a good/fair/poor level for the bars indicator, and a per-call accumulator for the
 * warning and the call record's quality summary. Pure and browser-safe.
 *
 * The estimate is the simplified ITU-T G.107 E-model as VoIP monitoring commonly applies it,
 * for a narrowband G.711 call (what the team's edge and the test peer negotiate; for Opus it is
 * a conservative stand-in, as in most monitoring tools):
 *
 *   effective latency d = RTT / 2 + 2 * jitter + 10 ms            (one way; the jitter buffer
 *                                                                  holds about two jitters;
 *                                                                  10 ms codec delay)
 *   Id     = d / 40                  when d < 160 ms
 *          = (d - 120) / 10          when d >= 160 ms              (both give 4 at 160 ms)
 *   Ie_eff = Ie + (95 - Ie) * Ppl / (Ppl / BurstR + Bpl)          (ITU-T G.107, Ie,eff)
 *            with Ie = 0, Bpl = 25.1 (ITU-T G.113 Appendix I: G.711 with the packet loss
 *            concealment of G.711 Appendix I, random loss; G.711 without PLC would be 4.3),
 *            BurstR = 1 (random loss: getStats says nothing about bursts), Ppl in percent
 *   R      = 93.2 - Id - Ie_eff, clamped to [0, 100]              (93.2 = Ro - Is with G.107's
 *                                                                  default values)
 *   MOS    = 1 + 0.035 R + 7e-6 R (R - 60) (100 - R), clamped to [1, 4.5]   (G.107 Annex B)
 *
 * A perfect line therefore scores about 4.41, the E-model's ceiling for G.711, not 4.5. Each
 * direction is rated on its own (the round trip is shared) and the line is as good as the worse
 * one: a rep who cannot be heard is on a poor line however clean the audio they receive.
 * Chromium gives `roundTripTime` and `jitter` in seconds: convert to milliseconds first.
 */

/** One-way codec and packetisation delay the simplified model adds, ms. */
export const CODEC_DELAY_MS = 10;
/** The E-model's basic rating with G.107's default values (Ro - Is). */
export const BASE_R = 93.2;
/** G.711 with packet loss concealment, random loss (ITU-T G.113 Appendix I). */
export const G711_PLC = { ie: 0, bpl: 25.1 } as const;

export type LineConditions = {
  /** Round-trip time, ms. */
  rttMs: number;
  /** Interarrival jitter (RFC 3550), ms. */
  jitterMs: number;
  /** Packets lost as a fraction of packets expected, 0-1. */
  lossFraction: number;
};

/** One-way delay the listener lives with: half the round trip, the jitter buffer, the codec. */
export function effectiveLatencyMs(rttMs: number, jitterMs: number): number {
  return nonNegative(rttMs) / 2 + 2 * nonNegative(jitterMs) + CODEC_DELAY_MS;
}

/** Id, the delay impairment: gentle below 160 ms, ten times steeper from there. */
export function delayImpairment(latencyMs: number): number {
  const d = nonNegative(latencyMs);
  return d < 160 ? d / 40 : (d - 120) / 10;
}

/** Ie_eff, the equipment impairment of G.711 with PLC at a random loss fraction (0-1). */
export function lossImpairment(lossFraction: number): number {
  const ppl = 100 * clamp(finiteOr(lossFraction, 0), 0, 1);
  const { ie, bpl } = G711_PLC;
  return ie + ((95 - ie) * ppl) / (ppl + bpl);
}

/** The transmission rating R, 0-100. */
export function rFactor({ rttMs, jitterMs, lossFraction }: LineConditions): number {
  const id = delayImpairment(effectiveLatencyMs(rttMs, jitterMs));
  return clamp(BASE_R - id - lossImpairment(lossFraction), 0, 100);
}

/**
 * G.107 Annex B's R to MOS. The clamp also matters inside [0, 100]: the cubic dips just below
 * 1 for R under about 6.5, and clamped it never falls as R rises.
 */
export function mosFromR(r: number): number {
  const R = clamp(finiteOr(r, 0), 0, 100);
  return clamp(1 + 0.035 * R + 7e-6 * R * (R - 60) * (100 - R), 1, 4.5);
}

/** Estimated MOS (1-4.5) of a line; bad or missing numbers count as a clean line's. */
export function estimateMos(conditions: LineConditions): number {
  return mosFromR(rFactor(conditions));
}

export type QualityLevel = "good" | "fair" | "poor";

/**
 * MOS thresholds, from ITU-T G.109's user-satisfaction bands of R: good from R ≈ 80
 * ("satisfied" or better, MOS 4.0), fair from R ≈ 70 ("some users dissatisfied", MOS 3.6),
 * poor below ("many users dissatisfied" or worse). The fair line sits at 3.6 rather than
 * R = 60's 3.1 on purpose: a 10 % loss path with 115 ms one way (the reference's degraded
 * relay) estimates about 3.2, and a rep on it should be warned, not told "fair".
 */
export const QUALITY_THRESHOLDS = { good: 4.0, fair: 3.6 } as const;

export function qualityLevel(mos: number): QualityLevel {
  if (mos >= QUALITY_THRESHOLDS.good) return "good";
  if (mos >= QUALITY_THRESHOLDS.fair) return "fair";
  return "poor";
}

/**
 * One `getStats()` reading. The incoming direction (what the rep hears) from `inbound-rtp`, its
 * packet counters cumulative; the outgoing one (what the far end hears of the rep) from the far
 * end's receiver reports, `remote-inbound-rtp`: its `fractionLost` is the loss of the last
 * report's interval, its `jitter` the far end's.
 */
export type StatsSample = {
  /** Null or missing before RTCP has measured it (remote-inbound-rtp takes about 3 s). */
  rttMs?: number | null;
  jitterMs?: number | null;
  packetsLost: number;
  packetsReceived: number;
  /** Absent or null until the far end has sent a receiver report. */
  outgoing?: { fractionLost?: number | null; jitterMs?: number | null } | null;
};

/** One direction of the line right now. */
export type DirectionReading = { mos: number; lossFraction: number; jitterMs: number };

/**
 * The line right now, for the bars indicator and its hover text: the MOS, level, jitter and loss
 * of the worse direction, and each direction's own.
 */
export type QualityReading = {
  mos: number;
  level: QualityLevel;
  rttMs: number;
  jitterMs: number;
  /** Loss over the last `lossWindow` intervals, 0-1. */
  lossFraction: number;
  /** Consecutive poor readings up to this one: seconds, at one sample a second. */
  poorForSeconds: number;
  /** What the rep hears. */
  incoming?: DirectionReading;
  /** What the far end hears of the rep; null before its first receiver report. */
  outgoing?: DirectionReading | null;
  /** No packet has arrived yet: there is nothing to rate (no MOS, nothing for the record). */
  noAudio?: boolean;
};

/** One direction of the line over the call. */
export type DirectionSummary = {
  averageMos: number;
  worstMos: number;
  worstJitterMs: number;
  /** Worst windowed loss, 0-1. */
  worstLossFraction: number;
};

/** What the call record keeps. */
export type QualitySummary = {
  samples: number;
  averageMos: number;
  worstMos: number;
  worstJitterMs: number;
  /** Worst windowed loss (the loss a reading's MOS was computed from), 0-1. */
  worstLossFraction: number;
  /** What the rep heard, over the readings that had audio. */
  incoming?: DirectionSummary | null;
  /** What the far end heard of the rep; null when it never sent a receiver report. */
  outgoing?: DirectionSummary | null;
};

/** One direction's figures over a call: average and worst MOS, worst jitter and loss. */
function createDirectionAccumulator() {
  let count = 0;
  let mosTotal = 0;
  let worstMos = Infinity;
  let worstJitterMs = 0;
  let worstLossFraction = 0;
  return {
    add(reading: DirectionReading) {
      count++;
      mosTotal += reading.mos;
      worstMos = Math.min(worstMos, reading.mos);
      worstJitterMs = Math.max(worstJitterMs, reading.jitterMs);
      worstLossFraction = Math.max(worstLossFraction, reading.lossFraction);
    },
    summary(): DirectionSummary | null {
      return count === 0
        ? null
        : { averageMos: mosTotal / count, worstMos, worstJitterMs, worstLossFraction };
    },
  };
}

export type QualityMeterOptions = {
  /**
   * Intervals whose packets the loss is measured over (default 5). A single second holds
   * only ~50 packets: at 10 % random loss one second in four would look like 6 % and break the
   * poor streak; five seconds smooth that out while a bad path still shows within seconds.
   */
  lossWindow?: number;
};

export interface QualityMeter {
  /** Takes one sample (one a second) and says how the line is now. */
  add(sample: StatsSample): QualityReading;
  /** The call so far, or null before the first sample. */
  summary(): QualitySummary | null;
  readonly poorForSeconds: number;
}

/**
 * A call's line-health accumulator. Loss comes from the counters' deltas between samples
 * (the first sample's are counted from zero, as a fresh stream's are). A counter that goes
 * backwards never yields negative loss: fewer packets lost than before (RFC 3550 lets the
 * count fall when late or duplicate packets arrive) counts as none lost, and fewer packets
 * received than before means a new stream (a renegotiation, another SSRC), so that interval
 * is left out of the loss and the new counters become the baseline. An interval with no
 * packets (hold) says nothing about loss either.
 */
export function createQualityMeter(options: QualityMeterOptions = {}): QualityMeter {
  const lossWindow = Math.max(1, Math.floor(finiteOr(options.lossWindow ?? 5, 5)));
  const intervals: { lost: number; expected: number }[] = [];
  /** The far end's reported loss fractions, newest last (the same window as the incoming loss). */
  const outgoingLoss: number[] = [];
  let outgoingJitterMs: number | null = null;
  let previous = { lost: 0, received: 0 };
  let rttMs = 0;
  let jitterMs = 0;
  let samples = 0;
  let mosTotal = 0;
  let worstMos = Infinity;
  let worstJitterMs = 0;
  let worstLossFraction = 0;
  let poorForSeconds = 0;
  const incomingTotals = createDirectionAccumulator();
  const outgoingTotals = createDirectionAccumulator();

  return {
    add(sample) {
      // Until RTCP reports a round trip (or when a reading lacks one) keep the last known.
      rttMs = known(sample.rttMs) ?? rttMs;
      jitterMs = known(sample.jitterMs) ?? jitterMs;

      const lost = finiteOr(sample.packetsLost, previous.lost);
      const received = finiteOr(sample.packetsReceived, previous.received);
      if (received >= previous.received) {
        const dLost = Math.max(0, lost - previous.lost);
        const expected = dLost + (received - previous.received);
        if (expected > 0) intervals.push({ lost: dLost, expected });
        if (intervals.length > lossWindow) intervals.shift();
      }
      previous = { lost, received };

      const totals = intervals.reduce(
        (sum, i) => ({ lost: sum.lost + i.lost, expected: sum.expected + i.expected }),
        { lost: 0, expected: 0 },
      );
      const inLoss = totals.expected > 0 ? totals.lost / totals.expected : 0;
      const incoming = {
        mos: estimateMos({ rttMs, jitterMs, lossFraction: inLoss }),
        lossFraction: inLoss,
        jitterMs,
      };

      const reported = sample.outgoing ? known(sample.outgoing.fractionLost) : null;
      if (reported !== null) {
        outgoingLoss.push(Math.min(1, reported));
        if (outgoingLoss.length > lossWindow) outgoingLoss.shift();
      }
      outgoingJitterMs = (sample.outgoing && known(sample.outgoing.jitterMs)) ?? outgoingJitterMs;
      let outgoing: DirectionReading | null = null;
      if (outgoingLoss.length > 0 || outgoingJitterMs !== null) {
        const outLoss = outgoingLoss.length
          ? outgoingLoss.reduce((a, b) => a + b, 0) / outgoingLoss.length
          : 0;
        const outJitter = outgoingJitterMs ?? 0;
        outgoing = {
          mos: estimateMos({ rttMs, jitterMs: outJitter, lossFraction: outLoss }),
          lossFraction: outLoss,
          jitterMs: outJitter,
        };
      }
      const worse = outgoing && outgoing.mos < incoming.mos ? outgoing : incoming;

      // Nothing received yet: no MOS to give (a perfect score for silence would be a lie), and
      // nothing for the call's summary.
      if (received <= 0) {
        poorForSeconds = 0;
        return {
          mos: worse.mos,
          level: "poor",
          rttMs,
          jitterMs: worse.jitterMs,
          lossFraction: worse.lossFraction,
          poorForSeconds,
          incoming,
          outgoing,
          noAudio: true,
        };
      }
      const { mos, lossFraction } = worse;
      const level = qualityLevel(mos);

      samples++;
      mosTotal += mos;
      worstMos = Math.min(worstMos, mos);
      worstJitterMs = Math.max(worstJitterMs, incoming.jitterMs, outgoing?.jitterMs ?? 0);
      worstLossFraction = Math.max(worstLossFraction, inLoss, outgoing?.lossFraction ?? 0);
      poorForSeconds = level === "poor" ? poorForSeconds + 1 : 0;
      incomingTotals.add(incoming);
      if (outgoing) outgoingTotals.add(outgoing);

      return {
        mos,
        level,
        rttMs,
        jitterMs: worse.jitterMs,
        lossFraction,
        poorForSeconds,
        incoming,
        outgoing,
        noAudio: false,
      };
    },
    summary() {
      return samples === 0
        ? null
        : {
            samples,
            averageMos: mosTotal / samples,
            worstMos,
            worstJitterMs,
            worstLossFraction,
            incoming: incomingTotals.summary(),
            outgoing: outgoingTotals.summary(),
          };
    },
    get poorForSeconds() {
      return poorForSeconds;
    },
  };
}

function known(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

function nonNegative(value: number): number {
  return Math.max(0, finiteOr(value, 0));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
