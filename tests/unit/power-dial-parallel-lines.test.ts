// One round of parallel dialing (modules/power-dial/lib/parallel-lines.ts) over fake lines fed
// the labelled clips (tests/fixtures/amd): the first person goes to the rep, a machine gets the
// voicemail after its beep, a line still ringing is let go only after 15 s, a second person hears
// the abandonment message within 2 s and is recorded as abandoned, and every line the rep never
// had is recorded.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MIN_RING_MS,
  runParallelBatch,
  type BatchDeps,
} from "@/modules/power-dial/lib/parallel-lines";
import type { BackgroundLine, LineEvent } from "@/modules/dialer/lib/transport";
import type { CallRecord, DialContext } from "@/modules/dialer/lib/types";
import type { Disposition } from "@/modules/calls/lib/dispositions";
import type { Place } from "@/modules/places/lib/schemas";
import { clipLabels, readClip } from "@/tests/fixtures/amd/clips";

const place = (id: string) =>
  ({ place_id: id, name: `Business ${id}`, phone: "+1 512-555-0100" }) as Place;

type FakeLine = BackgroundLine & {
  emit(event: LineEvent): void;
  sent: (MediaStreamTrack | null)[];
  hungUpAt: number | null;
  track: MediaStreamTrack;
};

function fakeLine(id: string): FakeLine {
  const listeners = new Set<(event: LineEvent) => void>();
  const line: FakeLine = {
    id,
    sent: [],
    hungUpAt: null,
    track: { kind: "audio", id: `remote-${id}` } as MediaStreamTrack,
    received: () => line.track,
    async send(track) {
      line.sent.push(track);
      return true;
    },
    hangUp() {
      if (line.hungUpAt !== null) return;
      line.hungUpAt = Date.now();
      const answered = answeredLines.has(id);
      line.emit({
        type: "ended",
        answered,
        outcome: answered ? "completed" : "cancelled",
        sipStatus: answered ? null : 487,
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      if (event.type === "answered") answeredLines.add(id);
      listeners.forEach((l) => l(event));
    },
  };
  return line;
}
const answeredLines = new Set<string>();

function harness(places: Place[], overrides: Partial<BatchDeps> = {}, refused: string[] = []) {
  const lines = new Map<string, FakeLine>();
  const taps = new Map<MediaStreamTrack, (samples: Float32Array) => void>();
  const records: { record: CallRecord; disposition: Disposition | null }[] = [];
  const connects: { place: Place; context: DialContext }[] = [];
  const played: { track: MediaStreamTrack; onEnded: () => void; at: number }[] = [];
  let repFree = true;
  const batch = runParallelBatch(places, {
    async placeLine(p) {
      if (refused.includes(p.place_id)) {
        throw Object.assign(new Error("refused"), { code: "do-not-call" });
      }
      const line = fakeLine(p.place_id);
      lines.set(p.place_id, line);
      return line;
    },
    contextOf: (p) => ({ placeId: p.place_id, placeName: p.name }),
    numberOf: () => "+15125550100",
    tap: async (track, onSamples) => {
      taps.set(track, onSamples);
      return { sampleRate: 8000, stop: () => void taps.delete(track) };
    },
    audio: () => ({
      decode: async () => ({ duration: 1 }) as AudioBuffer,
      play(_buffer, onEnded) {
        const track = { kind: "audio", id: `message-${played.length}` } as MediaStreamTrack;
        played.push({ track, onEnded, at: Date.now() });
        return { track, stop: () => undefined };
      },
      close: () => undefined,
    }),
    voicemail: async () => new ArrayBuffer(8),
    abandonMessage: async () => new ArrayBuffer(8),
    canConnect: () => repFree,
    connect(p, _line, context) {
      connects.push({ place: p, context });
      repFree = false;
    },
    record: (record, disposition) => records.push({ record, disposition }),
    newCallId: () => `call-${records.length + 1}`,
    now: () => Date.now(),
    ...overrides,
  });
  /** Lets the placed lines' promises settle. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  /** Plays `file` on `id`'s line in 20 ms blocks, advancing the clock with it. */
  const play = async (id: string, file: string, until: () => boolean = () => false) => {
    const { samples } = readClip(file);
    for (let i = 0; i < samples.length; i += 160) {
      taps.get(lines.get(id)!.track)?.(samples.subarray(i, i + 160));
      vi.advanceTimersByTime(20);
      await settle();
      if (until()) return;
    }
  };
  return {
    batch,
    lines,
    records,
    connects,
    played,
    settle,
    play,
    setRepFree: (v: boolean) => (repFree = v),
  };
}

const file = (kind: string) => clipLabels.find((l) => l.kind === kind)!.file;

beforeEach(() => {
  vi.useFakeTimers();
  answeredLines.clear();
});
afterEach(() => vi.useRealTimers());

describe("a parallel round", () => {
  it("gives the rep the person, leaves the voicemail on the machine after its beep, and lets the ringing line go after 15 s", async () => {
    const h = harness([place("a"), place("b"), place("c")]);
    await h.settle();
    for (const id of ["a", "b", "c"]) h.lines.get(id)!.emit({ type: "ringing" });
    const ringingSince = Date.now();

    // b answers first: a machine. Its greeting runs while a person answers a.
    h.lines.get("b")!.emit({ type: "answered" });
    await h.settle();
    await h.play("b", file("machine"), () => h.batch.lines()[1].phase === "waiting-for-beep");
    expect(h.batch.lines()[1].phase).toBe("waiting-for-beep");
    expect(h.connects).toEqual([]);

    h.lines.get("a")!.emit({ type: "answered" });
    await h.settle();
    await h.play("a", file("human"), () => h.connects.length > 0);
    expect(h.connects.map((c) => c.place.place_id)).toEqual(["a"]);
    const adopted = h.connects[0].context.line!;
    expect(adopted.id).toBe("a");
    expect(adopted.detection?.verdict).toBe("human");
    expect(h.batch.lines()[0]).toMatchObject({ phase: "connected", result: "connected" });
    // The line handed over is the dialer's: never hung up or recorded here.
    expect(h.lines.get("a")!.hungUpAt).toBeNull();

    // The machine's message starts only after its beep.
    await h.play("b", file("machine"));
    expect(h.played).toHaveLength(1);
    expect(h.lines.get("b")!.sent).toEqual([h.played[0].track]);
    h.played[0].onEnded();
    vi.advanceTimersByTime(300);
    await h.settle();
    expect(h.lines.get("b")!.hungUpAt).not.toBeNull();

    // c still rings: let go at 15 s of ringing, not before.
    vi.advanceTimersByTime(ringingSince + MIN_RING_MS - Date.now() - 50);
    await h.settle();
    expect(h.lines.get("c")!.hungUpAt).toBeNull();
    vi.advanceTimersByTime(100);
    await h.settle();
    expect(h.lines.get("c")!.hungUpAt! - ringingSince).toBeGreaterThanOrEqual(MIN_RING_MS);

    const result = await h.batch.done;
    expect(result.connected?.place_id).toBe("a");
    expect(result.lines.map((l) => [l.place.place_id, l.result, l.disposition])).toEqual([
      ["b", "voicemail", "voicemail"],
      ["c", "no-answer", "no_answer"],
    ]);
    const [machine, ringing] = h.records;
    expect(machine.record.detection).toMatchObject({
      verdict: "machine",
      automaticVoicemail: true,
    });
    expect(machine.record.connectedAt).not.toBeNull();
    expect(machine.record.abandoned).toBeUndefined();
    expect(ringing.record).toMatchObject({ connectedAt: null, detection: null, sipStatus: 487 });
  });

  it("plays the team's message to a second person within 2 s of the decision and records the call as abandoned", async () => {
    const h = harness([place("a"), place("b")]);
    await h.settle();
    for (const id of ["a", "b"]) h.lines.get(id)!.emit({ type: "answered" });
    await h.settle();
    // a says hello first and goes to the rep; b's hello comes while the rep has a.
    await h.play("a", file("human"), () => h.connects.length > 0);
    expect(h.connects.map((c) => c.place.place_id)).toEqual(["a"]);
    await h.play("b", file("human"), () => h.batch.lines()[1].phase === "abandoning");
    const decided = Date.now();
    expect(h.batch.lines()[1].phase).toBe("abandoning");
    await h.settle();
    expect(h.played).toHaveLength(1);
    expect(h.played[0].at - decided).toBeLessThanOrEqual(2_000);
    expect(h.lines.get("b")!.sent).toEqual([h.played[0].track]);
    h.played[0].onEnded();
    vi.advanceTimersByTime(300);
    await h.settle();
    const result = await h.batch.done;
    expect(result.lines).toEqual([
      expect.objectContaining({ result: "abandoned", disposition: null }),
    ]);
    expect(h.records).toHaveLength(1);
    expect(h.records[0].record).toMatchObject({ abandoned: true, connectedAt: expect.any(Number) });
    expect(h.records[0].record.detection?.verdict).toBe("human");
  });

  it("abandons a person when the rep is already on a call, and records nothing for a line the server refused", async () => {
    const h = harness([place("a"), place("b")], {}, ["b"]);
    h.setRepFree(false);
    await h.settle();
    h.lines.get("a")!.emit({ type: "answered" });
    await h.settle();
    await h.play("a", file("human"), () => h.batch.lines()[0].phase === "abandoning");
    expect(h.connects).toEqual([]);
    await h.settle();
    h.played[0].onEnded();
    vi.advanceTimersByTime(300);
    const result = await h.batch.done;
    expect(result.connected).toBeNull();
    expect(result.lines.map((l) => [l.place.place_id, l.result])).toEqual([
      ["b", "refused"],
      ["a", "abandoned"],
    ]);
    expect(h.records.map((r) => r.record.context?.placeId)).toEqual(["a"]);
  });

  it("stop hangs up every line not handed to the rep", async () => {
    const h = harness([place("a"), place("b")]);
    await h.settle();
    h.lines.get("a")!.emit({ type: "ringing" });
    h.batch.stop();
    const result = await h.batch.done;
    expect(result.lines.map((l) => l.result)).toEqual(["no-answer", "no-answer"]);
    expect([...h.lines.values()].every((l) => l.hungUpAt !== null)).toBe(true);
  });
});
