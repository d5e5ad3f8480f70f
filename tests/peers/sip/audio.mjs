// Audio for the test peer, with no media library: G.711 µ-law (PCMU), a phase-continuous
// tone source and a per-frame Goertzel detector that turns what arrives into segments
// (which tone, silence or other sound, from when, for how long) that tests can assert on.

export const sampleRate = 8000;
export const frameSamples = 160; // 20 ms, the usual PCMU packet

const bias = 0x84;
const clip = 32635;

/** ITU-T G.711 µ-law encoding of one 16-bit linear sample. */
export function linearToMulaw(sample) {
  let s = Math.max(-clip, Math.min(clip, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  s += bias;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function mulawToLinear(byte) {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + bias) << exponent) - bias;
  return u & 0x80 ? -magnitude : magnitude;
}

/** Endless sine at `hz` (null = silence), 20 ms PCMU payloads at a time. */
export function createToneSource(hz, amplitude = 8000) {
  let phase = 0;
  return {
    hz,
    nextFrame() {
      const out = Buffer.alloc(frameSamples);
      for (let i = 0; i < frameSamples; i++) {
        out[i] = linearToMulaw(this.hz ? amplitude * Math.sin(phase) : 0);
        if (this.hz) phase = (phase + (2 * Math.PI * this.hz) / sampleRate) % (2 * Math.PI);
      }
      return out;
    },
  };
}

/** Squared magnitude of the `hz` component of `samples` (Goertzel, any frequency). */
export function goertzelPower(samples, hz) {
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) {
    const s0 = x + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

/**
 * Labels one frame: "silence" below `silenceRms`, the detected frequency when one candidate
 * carries most of the frame's energy (for a pure tone 2|X|^2 / (N * sum x^2) is about 1),
 * otherwise "noise" (speech, mixed tones, codec garbage).
 */
export function classifyFrame(samples, detectHz, { silenceRms = 200, toneShare = 0.6 } = {}) {
  let energy = 0;
  for (const x of samples) energy += x * x;
  const rms = Math.sqrt(energy / samples.length);
  if (rms < silenceRms) return { label: "silence", rms };
  let best = null;
  let bestShare = 0;
  for (const hz of detectHz) {
    const share = (2 * goertzelPower(samples, hz)) / (samples.length * energy);
    if (share > bestShare) [best, bestShare] = [hz, share];
  }
  return bestShare >= toneShare ? { label: "tone", hz: best, rms } : { label: "noise", rms };
}

/**
 * Turns classified frames into segments pushed to `segments` (live, so the state shows a
 * segment while it grows). Durations come from RTP timestamps, so lost packets inside a tone
 * do not split it; a gap of more than `gapMs` in arrival (hold, a mute that stops RTP) does.
 * A blip shorter than `minMs` (one odd frame from loss or jitter) is removed, and the segment
 * it interrupted goes on.
 */
export function createSegmenter(segments, { gapMs = 200, minMs = 60 } = {}) {
  let current = null;
  let lastKept = null;
  let lastAt = -Infinity;
  const finish = () => {
    if (!current) return;
    if (current.entry.durationMs < minMs) {
      const i = segments.lastIndexOf(current.entry);
      if (i >= 0) segments.splice(i, 1);
    } else {
      lastKept = current;
    }
    current = null;
  };
  return {
    push(frame, rtpTimestamp, at) {
      const key = frame.label === "tone" ? `tone:${frame.hz}` : frame.label;
      const gap = at - lastAt > gapMs;
      lastAt = at;
      if (current && (current.key !== key || gap)) finish();
      if (!current && !gap && lastKept?.key === key && at - lastKept.lastAt <= gapMs) {
        current = lastKept;
      }
      if (!current) {
        const entry = {
          kind: frame.label,
          hz: frame.label === "tone" ? frame.hz : null,
          startAt: at,
          durationMs: 0,
        };
        segments.push(entry);
        current = { key, firstTs: rtpTimestamp, entry, lastAt: at };
      }
      current.lastAt = at;
      // Signed: a packet reordered by jitter must not read as four billion samples later.
      const samples = ((rtpTimestamp - current.firstTs) | 0) + frameSamples;
      const ms = Math.round((samples * 1000) / sampleRate);
      current.entry.durationMs = Math.max(current.entry.durationMs, ms);
    },
    finish,
  };
}

/** µ-law payload -> Int16 samples */
export function decodePcmu(payload) {
  const out = new Int16Array(payload.length);
  for (let i = 0; i < payload.length; i++) out[i] = mulawToLinear(payload[i]);
  return out;
}

/** The 16-bit samples of a mono PCM WAV (its "data" chunk). */
export function wavSamples(file) {
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString("ascii", offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === "data") {
      const end = Math.min(file.length, offset + 8 + size);
      const out = new Int16Array(Math.floor((end - offset - 8) / 2));
      for (let i = 0; i < out.length; i++) out[i] = file.readInt16LE(offset + 8 + i * 2);
      return out;
    }
    offset += 8 + size + (size % 2);
  }
  return new Int16Array(0);
}

/** A WAV at 8 kHz as 20 ms PCMU payloads (the last one padded with silence). */
export function pcmuFrames(wav) {
  if (wav.readUInt32LE(24) !== sampleRate) throw new Error("The clip must be 8 kHz");
  const samples = wavSamples(wav);
  const frames = [];
  for (let i = 0; i < samples.length; i += frameSamples) {
    const frame = Buffer.alloc(frameSamples, linearToMulaw(0));
    for (let j = 0; j < frameSamples && i + j < samples.length; j++) {
      frame[j] = linearToMulaw(samples[i + j]);
    }
    frames.push(frame);
  }
  return frames;
}
