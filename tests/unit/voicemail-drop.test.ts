// Voicemail drop's browser half (modules/voicemail/lib/browser/drop.ts) against a fake line and fake Web
// Audio: the message replaces the microphone, the call is handed back to be hung up when it has
// played out, Talk takes the microphone back, and a call that ends mid-message stops it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TransportEvent } from "@/modules/dialer/lib/transport";
import { createVoicemailDrop, type DropAudio } from "@/modules/voicemail/lib/browser/drop";

function fakeLine() {
  const listeners = new Set<(e: TransportEvent) => void>();
  const sent: Array<MediaStreamTrack | null> = [];
  return {
    sent,
    emit: (e: TransportEvent) => listeners.forEach((l) => l(e)),
    transport: {
      subscribe(l: (e: TransportEvent) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      sendInPlaceOfMicrophone: vi.fn(async (track: MediaStreamTrack | null) => {
        sent.push(track);
        return true;
      }),
    },
  };
}

function fakeAudio() {
  const track = { kind: "audio", enabled: true } as unknown as MediaStreamTrack;
  let ended: (() => void) | null = null;
  const audio: DropAudio = {
    decode: vi.fn(async () => ({ duration: 4.2 }) as AudioBuffer),
    play: vi.fn((_buffer, onEnded) => {
      ended = onEnded;
      return { track, stop: vi.fn() };
    }),
    close: vi.fn(),
  };
  return { audio, track, end: () => ended?.() };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("voicemail drop", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(message: ArrayBuffer | null = new ArrayBuffer(16)) {
    const line = fakeLine();
    const fake = fakeAudio();
    const onPlayed = vi.fn();
    const onNotice = vi.fn();
    const drop = createVoicemailDrop({
      transport: line.transport,
      loadDefault: vi.fn(async () => message),
      onPlayed,
      onNotice,
      audio: () => fake.audio,
      tailMs: 300,
    });
    return { line, fake, onPlayed, onNotice, drop };
  }

  it("sends the message in place of the microphone and hands the call back when it has played", async () => {
    const { line, fake, onPlayed, drop } = setup();
    line.emit({ type: "connected" });
    await drop.drop();
    expect(line.sent).toEqual([fake.track]);
    expect(drop.state()).toEqual({ phase: "playing", durationMs: 4200 });
    expect(onPlayed).not.toHaveBeenCalled();
    fake.end();
    await vi.advanceTimersByTimeAsync(299);
    expect(onPlayed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onPlayed).toHaveBeenCalledTimes(1);
    expect(drop.state()).toEqual({ phase: "idle" });
    expect(fake.audio.close).toHaveBeenCalled();
  });

  it("gives the microphone back on Talk and never hangs up", async () => {
    const { line, fake, onPlayed, drop } = setup();
    line.emit({ type: "connected" });
    await drop.drop();
    drop.takeBack();
    await flush();
    expect(line.sent).toEqual([fake.track, null]);
    // Taken back, not played: answering-machine detection's record reads it (call-audio.ts).
    expect(drop.state()).toEqual({ phase: "idle", takenBack: true });
    fake.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onPlayed).not.toHaveBeenCalled();
  });

  it("stops when the call ends during the message", async () => {
    const { line, fake, onPlayed, drop } = setup();
    line.emit({ type: "connected" });
    await drop.drop();
    line.emit({ type: "ended", reason: "remote" });
    expect(drop.state()).toEqual({ phase: "idle" });
    fake.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onPlayed).not.toHaveBeenCalled();
  });

  it("tells the rep when there is no default message, and does nothing without a call", async () => {
    const none = setup(null);
    await none.drop.drop();
    expect(none.line.sent).toEqual([]);
    none.line.emit({ type: "connected" });
    await none.drop.drop();
    expect(none.onNotice).toHaveBeenCalledWith("no-default");
    expect(none.line.sent).toEqual([]);
    expect(none.drop.state()).toEqual({ phase: "idle" });
  });
});
