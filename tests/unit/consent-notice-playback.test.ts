// The consent notice's playback (modules/recordings/lib/browser/consent-notice.ts) against a fake line and
// fake Web Audio: it replaces the microphone, gives it back when played out, and reports false
// when the call ends first (so nothing is recorded).
import { describe, expect, it, vi } from "vitest";
import type { TransportEvent } from "@/modules/dialer/lib/transport";
import { playConsentNotice } from "@/modules/recordings/lib/browser/consent-notice";
import type { DropAudio } from "@/modules/voicemail/lib/browser/drop";

function setup() {
  const listeners = new Set<(e: TransportEvent) => void>();
  const sent: Array<MediaStreamTrack | null> = [];
  const track = { kind: "audio" } as unknown as MediaStreamTrack;
  let ended: (() => void) | null = null;
  const audio: DropAudio = {
    decode: vi.fn(async () => ({ duration: 2 }) as AudioBuffer),
    play: vi.fn((_b, onEnded) => {
      ended = onEnded;
      return { track, stop: vi.fn() };
    }),
    close: vi.fn(),
  };
  const transport = {
    subscribe(l: (e: TransportEvent) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    sendInPlaceOfMicrophone: vi.fn(async (t: MediaStreamTrack | null) => {
      sent.push(t);
      return true;
    }),
  };
  return {
    audio,
    transport,
    sent,
    track,
    end: () => ended?.(),
    emit: (e: TransportEvent) => listeners.forEach((l) => l(e)),
  };
}

describe("consent notice playback", () => {
  it("plays in place of the microphone and gives it back at the end", async () => {
    const s = setup();
    const played = playConsentNotice(s.transport, new ArrayBuffer(8), s.audio);
    await vi.waitFor(() => expect(s.sent).toEqual([s.track]));
    s.end();
    await expect(played).resolves.toBe(true);
    expect(s.sent).toEqual([s.track, null]);
    expect(s.audio.close).toHaveBeenCalled();
  });

  it("reports false when the call ends during the notice", async () => {
    const s = setup();
    const played = playConsentNotice(s.transport, new ArrayBuffer(8), s.audio);
    await vi.waitFor(() => expect(s.sent).toEqual([s.track]));
    s.emit({ type: "ended", reason: "remote" });
    await expect(played).resolves.toBe(false);
  });

  it("reports false when the audio does not decode", async () => {
    const s = setup();
    s.audio.decode = vi.fn(async () => {
      throw new Error("bad audio");
    });
    await expect(playConsentNotice(s.transport, new ArrayBuffer(0), s.audio)).resolves.toBe(false);
    expect(s.sent).toEqual([]);
  });
});
