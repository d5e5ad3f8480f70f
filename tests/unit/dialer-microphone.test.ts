import { afterEach, describe, expect, it, vi } from "vitest";
import { createMicrophone } from "@/modules/dialer/lib/sip-media";
import type { SipShared } from "@/modules/dialer/lib/sip-shared";

type FakeTrack = { stop: ReturnType<typeof vi.fn> };

function fakeMediaDevices(result: "stream" | DOMException) {
  const tracks: FakeTrack[] = [];
  const getUserMedia = vi.fn(async () => {
    if (result !== "stream") throw result;
    const track = { stop: vi.fn() };
    tracks.push(track);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  vi.stubGlobal("navigator", { mediaDevices: { getUserMedia } });
  return { getUserMedia, tracks };
}

function sharedWithNotices() {
  const notices: string[] = [];
  const shared = {
    options: { devices: () => ({ microphoneId: "mic-2", speakerId: null }) },
    notice: (kind: string) => notices.push(kind),
  } as unknown as SipShared;
  return { shared, notices };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the softphone's microphone", () => {
  it("opened early for a dial, is the stream the call then takes: one getUserMedia, the chosen device", async () => {
    const media = fakeMediaDevices("stream");
    const { shared } = sharedWithNotices();
    const microphone = createMicrophone(shared);
    microphone.openEarly();
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    const stream = await microphone({ audio: true, video: false });
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    expect(stream.getTracks()).toEqual([media.tracks[0]]);
    expect(media.getUserMedia).toHaveBeenCalledWith({
      audio: { deviceId: { exact: "mic-2" } },
      video: false,
    });
    // The next call opens its own.
    await microphone({ audio: true, video: false });
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it("released when the call is refused before its INVITE: the early stream's tracks stop", async () => {
    const media = fakeMediaDevices("stream");
    const { shared } = sharedWithNotices();
    const microphone = createMicrophone(shared);
    microphone.openEarly();
    microphone.release();
    await vi.waitFor(() => expect(media.tracks[0]?.stop).toHaveBeenCalled());
    await microphone({ audio: true, video: false });
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it("a blocked microphone is told when the call takes it, not when it is opened early", async () => {
    fakeMediaDevices(new DOMException("denied", "NotAllowedError"));
    const { shared, notices } = sharedWithNotices();
    const microphone = createMicrophone(shared);
    microphone.openEarly();
    await Promise.resolve();
    expect(notices).toEqual([]);
    await expect(microphone({ audio: true, video: false })).rejects.toThrow("denied");
    expect(notices).toEqual(["microphone-blocked"]);
  });
});
