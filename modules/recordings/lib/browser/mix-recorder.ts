import type { RecordingSources } from "@/modules/dialer/lib/transport";

// Both sides of a call in one recording: a Web Audio mix (MediaStreamDestination) of the track
// being sent and the far end's, recorded by MediaRecorder in timeslices that are uploaded as
// they come. Opus at 32 kbit/s is plenty for voice and keeps an hour under 15 MB.

/** Chunks of this many milliseconds: a closed tab loses at most about this much. */
export const TIMESLICE_MS = 2000;
export const AUDIO_BITS_PER_SECOND = 32_000;

const CANDIDATES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/webm"];

/** The first container this browser records that the server keeps, or null. */
export function pickMimeType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return CANDIDATES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

export type MixRecorder = {
  mimeType: string;
  /** Mixes `tracks` in place of the sent ones (the sender's track was replaced: a voicemail drop). */
  replaceSent(tracks: MediaStreamTrack[]): void;
  /** Stops; resolves with the recorded duration once the last chunk was handed over. */
  stop(): Promise<number>;
};

export function startMixRecorder(
  sources: RecordingSources,
  mimeType: string,
  onChunk: (chunk: Blob) => void,
): MixRecorder {
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  const connect = (track: MediaStreamTrack) => {
    const node = context.createMediaStreamSource(new MediaStream([track]));
    node.connect(destination);
    return node;
  };
  let sent = sources.sent.map(connect);
  const received = sources.received.map(connect);
  const recorder = new MediaRecorder(destination.stream, {
    mimeType,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
  });
  const startedAt = performance.now();
  let stoppedAt: number | null = null;
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) onChunk(event.data);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start(TIMESLICE_MS);
  // The page may be suspended (autoplay rules): a MediaStreamDestination needs it running.
  void context.resume().catch(() => undefined);
  return {
    mimeType: recorder.mimeType || mimeType,
    replaceSent(tracks) {
      if (stoppedAt !== null) return;
      sent.forEach((node) => node.disconnect());
      sent = tracks.map(connect);
    },
    async stop() {
      if (stoppedAt === null) {
        stoppedAt = performance.now();
        if (recorder.state !== "inactive") recorder.stop();
        await stopped;
        [...sent, ...received].forEach((node) => node.disconnect());
        await context.close().catch(() => undefined);
      } else {
        await stopped;
      }
      return Math.round(stoppedAt - startedAt);
    },
  };
}
