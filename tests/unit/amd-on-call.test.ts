// Answering-machine detection on a call (modules/dialer/lib/amd/on-call.ts), fed the labelled
// clips through a fake audio tap: the rep's speaker is off while it listens, a person is handed
// over at the decision, a session's machine gets the voicemail after its beep, and the rep's
// "a person" and switch are obeyed.
import { describe, expect, it, vi } from "vitest";
import {
  createMachineDetection,
  type MachineDetectionOptions,
} from "@/modules/dialer/lib/amd/on-call";
import type { TransportEvent } from "@/modules/dialer/lib/transport";
import type { CallDetection, CallRecord } from "@/modules/dialer/lib/types";
import { clipLabels, readClip } from "@/tests/fixtures/amd/clips";

function harness(overrides: Partial<MachineDetectionOptions> = {}) {
  const listeners = new Set<(e: TransportEvent) => void>();
  const audible: boolean[] = [];
  const detections: CallDetection[] = [];
  let feedTap: ((s: Float32Array) => void) | null = null;
  let tapStopped = 0;
  let timer: (() => void) | null = null;
  const leaveVoicemail = vi.fn(async () => true);
  const track = { kind: "audio" } as MediaStreamTrack;
  const detection = createMachineDetection({
    transport: {
      subscribe(l) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      recordingSources: () => ({ sent: [], received: [track] }),
      setFarEndAudible: (on) => audible.push(on),
    },
    enabled: () => true,
    tap: async (_track, onSamples) => {
      feedTap = onSamples;
      return { sampleRate: 8000, stop: () => void tapStopped++ };
    },
    onDetection: (_id, d) => detections.push(d),
    leaveVoicemail,
    setTimeout: (run) => {
      timer = run;
      return 1;
    },
    clearTimeout: () => {
      timer = null;
    },
    ...overrides,
  });
  const emit = (e: TransportEvent) => listeners.forEach((l) => l(e));
  const record = (session: boolean, direction: CallRecord["direction"] = "outbound") =>
    ({
      id: "call-1",
      number: "+15125550100",
      direction,
      context: session ? { placeId: "p1", powerDial: { includeClosed: false } } : null,
    }) as CallRecord;
  return {
    detection,
    audible,
    detections,
    leaveVoicemail,
    tapStopped: () => tapStopped,
    fireTimer: () => timer?.(),
    /** Dials, answers and lets the tap start. */
    async answer(session = true, direction: CallRecord["direction"] = "outbound") {
      detection.onCall(record(session, direction), "started");
      emit({ type: "connected" });
      await Promise.resolve();
      await Promise.resolve();
    },
    /** Plays a clip in 20 ms blocks; returns the ms at which `until` first held, or null. */
    play(file: string, until: () => boolean = () => false) {
      const { samples } = readClip(file);
      for (let i = 0; i < samples.length; i += 160) {
        feedTap?.(samples.subarray(i, i + 160));
        if (until()) return Math.min(i + 160, samples.length) / 8;
      }
      return null;
    },
    end: () => emit({ type: "ended", reason: "local" } as TransportEvent),
  };
}

const clip = (kind: string) => clipLabels.find((l) => l.kind === kind)!;

describe("answering-machine detection on a call", () => {
  it("a person: the speaker is off while it listens and on at the decision", async () => {
    const h = harness();
    await h.answer();
    expect(h.audible).toEqual([false]);
    expect(h.detection.state().phase).toBe("listening");
    h.play(clip("human").file, () => h.detections.length > 0);
    expect(h.detections[0]).toMatchObject({ verdict: "human", overridden: false });
    expect(h.audible).toEqual([false, true]);
    expect(h.detection.state()).toEqual({ phase: "decided", verdict: "human", overridden: false });
    expect(h.leaveVoicemail).not.toHaveBeenCalled();
    expect(h.tapStopped()).toBe(1);
  });

  it("a person the rep hears is a machine: dropping the voicemail marks the decision overridden, once", async () => {
    const h = harness();
    await h.answer(false);
    h.play(clip("human").file, () => h.detections.length > 0);
    expect(h.detections).toHaveLength(1);
    h.detection.overrideToMachine();
    expect(h.detections.at(-1)).toMatchObject({ verdict: "human", overridden: true });
    expect(h.detection.state()).toEqual({ phase: "decided", verdict: "human", overridden: true });
    h.detection.overrideToMachine();
    expect(h.detections).toHaveLength(2);
  });

  it("a machine left its automatic voicemail is not an override", async () => {
    const h = harness();
    await h.answer();
    h.play(clip("machine").file, () => h.detection.state().phase === "waiting-for-beep");
    h.detection.overrideToMachine();
    expect(h.detections.every((d) => !d.overridden)).toBe(true);
  });

  it("a session's machine: the voicemail starts after the beep, without the rep", async () => {
    const h = harness();
    const label = clip("machine");
    await h.answer();
    const at = h.play(label.file, () => h.leaveVoicemail.mock.calls.length > 0);
    expect(h.detections[0]).toMatchObject({ verdict: "machine", automaticVoicemail: false });
    expect(at).not.toBeNull();
    expect(at!).toBeGreaterThanOrEqual(label.beepEndMs!);
    expect(at! - label.beepEndMs!).toBeLessThanOrEqual(500);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.detections.at(-1)).toMatchObject({ verdict: "machine", automaticVoicemail: true });
    // The rep never heard it.
    expect(h.audible).toEqual([false]);
  });

  it("the rep takes the automatic voicemail back to talk: the record no longer says it was left", async () => {
    const h = harness();
    await h.answer();
    h.play(clip("machine").file, () => h.leaveVoicemail.mock.calls.length > 0);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.detections.at(-1)).toMatchObject({ automaticVoicemail: true });
    h.detection.voicemailStopped(true);
    expect(h.detections.at(-1)).toMatchObject({ verdict: "machine", automaticVoicemail: false });
    expect(h.audible).toEqual([false, true]);
    expect(h.detection.state()).toMatchObject({ phase: "decided", verdict: "machine" });
  });

  it("an automatic voicemail played to its end stays recorded as left", async () => {
    const h = harness();
    await h.answer();
    h.play(clip("machine").file, () => h.leaveVoicemail.mock.calls.length > 0);
    await Promise.resolve();
    await Promise.resolve();
    h.detection.voicemailStopped(false);
    expect(h.detections.at(-1)).toMatchObject({ verdict: "machine", automaticVoicemail: true });
  });

  it("a machine on a call the rep dialed by hand is handed to the rep", async () => {
    const h = harness();
    await h.answer(false);
    h.play(clip("machine").file);
    expect(h.detections).toHaveLength(1);
    expect(h.detections[0]!.verdict).toBe("machine");
    expect(h.leaveVoicemail).not.toHaveBeenCalled();
    expect(h.audible).toEqual([false, true]);
  });

  it("P while it waits for the beep: the rep hears the call, the decision says overridden", async () => {
    const h = harness();
    await h.answer();
    h.play(clip("machine").file, () => h.detection.state().phase === "waiting-for-beep");
    h.detection.override();
    expect(h.audible).toEqual([false, true]);
    expect(h.detections.at(-1)).toMatchObject({ verdict: "machine", overridden: true });
    expect(h.detection.state()).toEqual({ phase: "decided", verdict: "machine", overridden: true });
    h.play(clip("machine").file);
    expect(h.leaveVoicemail).not.toHaveBeenCalled();
  });

  it("no beep and no silence in time: the rep is given the call", async () => {
    const h = harness();
    await h.answer();
    h.play(clip("machine").file, () => h.detection.state().phase === "waiting-for-beep");
    h.fireTimer();
    expect(h.audible).toEqual([false, true]);
    expect(h.leaveVoicemail).not.toHaveBeenCalled();
  });

  it("no default voicemail: the rep is given the call, and it is not marked automatic", async () => {
    const h = harness({ leaveVoicemail: async () => false });
    await h.answer();
    h.play(clip("machine").file, () => h.detection.state().phase === "leaving-voicemail");
    await Promise.resolve();
    await Promise.resolve();
    expect(h.audible).toEqual([false, true]);
    expect(h.detections.every((d) => !d.automaticVoicemail)).toBe(true);
  });

  it("off, or an inbound call: nothing listens and the speaker stays on", async () => {
    const off = harness({ enabled: () => false });
    await off.answer();
    expect(off.audible).toEqual([]);
    expect(off.detection.state().phase).toBe("idle");
    const inbound = harness();
    await inbound.answer(true, "inbound");
    expect(inbound.audible).toEqual([]);
  });

  it("the call ending stops the tap and clears the state", async () => {
    const h = harness();
    await h.answer();
    h.end();
    expect(h.tapStopped()).toBe(1);
    expect(h.detection.state().phase).toBe("idle");
  });
});
