// When the automatic voicemail starts on a machine: at the end of its beep (within 500 ms, the
// issue's bound), after the greeting and two seconds of silence when there is no beep, and never
// on a continuous tone or a line that never spoke.
import { describe, expect, it } from "vitest";
import { createVoicemailCue, NO_BEEP_SILENCE_MS } from "@/modules/dialer/lib/amd/voicemail-cue";
import { clipLabels, feed, readClip } from "@/tests/fixtures/amd/clips";

/** The first cue in a clip, followed by `padMs` of silence (a clip ends soon after its audio). */
function firstCue(file: string, padMs = 0) {
  const { rate, samples } = readClip(file);
  const padded = new Float32Array(samples.length + Math.round((rate * padMs) / 1000));
  padded.set(samples);
  const cue = createVoicemailCue(rate);
  return feed(padded, (block) => cue.push(block)).find((c) => c !== null) ?? null;
}

function tone(rate: number, hz: number, ms: number, amplitude = 0.3) {
  const out = new Float32Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

describe("the voicemail cue", () => {
  const withBeep = clipLabels.filter((l) => l.kind === "machine");
  it.each(withBeep.map((l) => [l.file, l] as const))(
    "%s: starts within 500 ms after the beep ends",
    (file, label) => {
      const cue = firstCue(file);
      expect(cue?.reason).toBe("beep");
      expect(cue!.atMs).toBeGreaterThanOrEqual(label.beepEndMs!);
      expect(cue!.atMs - label.beepEndMs!).toBeLessThanOrEqual(500);
    },
  );

  it("a machine without a beep: after the greeting and its silence", () => {
    const label = clipLabels.find((l) => l.kind === "machine-no-beep")!;
    const cue = firstCue(label.file, 3000);
    expect(cue?.reason).toBe("silence");
    expect(cue!.atMs).toBeGreaterThanOrEqual(label.speechEndMs! + NO_BEEP_SILENCE_MS - 100);
    expect(cue!.atMs).toBeLessThanOrEqual(label.speechEndMs! + NO_BEEP_SILENCE_MS + 300);
  });

  it("a line that never spoke, and a tone that never ends, give no cue", () => {
    expect(firstCue(clipLabels.find((l) => l.kind === "silence")!.file, 3000)).toBeNull();
    const cue = createVoicemailCue(48_000);
    expect(feed(tone(48_000, 1000, 8000), (b) => cue.push(b)).every((c) => c === null)).toBe(true);
  });

  it("at 48 kHz in render quanta: a beep after speech-like bursts ends on cue", () => {
    const rate = 48_000;
    const parts = [
      new Float32Array(rate / 2),
      tone(rate, 300, 600, 0.2),
      new Float32Array(rate / 4),
      tone(rate, 1400, 400),
      new Float32Array(rate),
    ];
    const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    const cue = createVoicemailCue(rate);
    const found = feed(all, (b) => cue.push(b)).find((c) => c !== null);
    // The beep ends at 500 + 600 + 250 + 400 = 1750 ms.
    expect(found?.reason).toBe("beep");
    expect(found!.atMs - 1750).toBeGreaterThanOrEqual(0);
    expect(found!.atMs - 1750).toBeLessThanOrEqual(500);
  });
});
