// The rule: "the dropped message is what a recording contains, not the microphone". A recording
// running when a voicemail is dropped mixes the message in place of the microphone, and the
// microphone again when the rep takes it back (modules/recordings/lib/browser/call-recording.ts against
// a fake line and a fake mixing recorder).
import { describe, expect, it, vi } from "vitest";
import type { RecordingSources, TransportEvent } from "@/modules/dialer/lib/transport";
import type { CallRecord } from "@/modules/dialer/lib/types";

const recorder = { mimeType: "audio/webm", replaceSent: vi.fn(), stop: vi.fn(async () => 1000) };
const startMixRecorder = vi.fn((_sources: RecordingSources) => recorder);
vi.mock("@/modules/recordings/lib/browser/mix-recorder", () => ({
  pickMimeType: () => "audio/webm;codecs=opus",
  startMixRecorder: (sources: RecordingSources) => startMixRecorder(sources),
}));
const { createCallRecording } = await import("@/modules/recordings/lib/browser/call-recording");

const track = (label: string) => ({ kind: "audio", label }) as unknown as MediaStreamTrack;

describe("a recording during a voicemail drop", () => {
  it("mixes the message in place of the microphone, then the microphone again", async () => {
    const microphone = track("microphone");
    const message = track("voicemail");
    const farEnd = track("far end");
    let sent = microphone;
    const listeners = new Set<(e: TransportEvent) => void>();
    const emit = (e: TransportEvent) => listeners.forEach((l) => l(e));
    const transport = {
      subscribe(l: (e: TransportEvent) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      recordingSources: () => ({ sent: [sent], received: [farEnd] }),
    };
    let on = false;
    const toggleListeners = new Set<() => void>();
    const toggle = {
      get: () => on,
      set(next: boolean) {
        on = next;
        toggleListeners.forEach((l) => l());
      },
      subscribe(l: () => void) {
        toggleListeners.add(l);
        return () => toggleListeners.delete(l);
      },
    };
    const api = {
      start: vi.fn(async () => ({})),
      putChunk: vi.fn(async () => ({})),
      storedChunks: vi.fn(async () => []),
      finish: vi.fn(async () => ({})),
    };
    const recording = createCallRecording({
      transport,
      toggle,
      api,
      settings: async () => ({
        mode: "on_request",
        consentRequired: false,
        consentNotice: false,
      }),
      newId: () => "00000000-0000-4000-8000-000000000001",
      onNotice: vi.fn(),
    });
    recording.onCall({ id: "call-1" } as CallRecord, "started");
    emit({ type: "connected" } as TransportEvent);
    toggle.set(true);
    await vi.waitFor(() => expect(recording.isRecording()).toBe(true));
    expect(startMixRecorder).toHaveBeenCalledWith({ sent: [microphone], received: [farEnd] });

    sent = message;
    emit({ type: "sending", source: "replacement" });
    expect(recorder.replaceSent).toHaveBeenLastCalledWith([message]);

    sent = microphone;
    emit({ type: "sending", source: "microphone" });
    expect(recorder.replaceSent).toHaveBeenLastCalledWith([microphone]);
    expect(recorder.replaceSent).toHaveBeenCalledTimes(2);
    recording.dispose();
  });
});
