import type { CallTransport } from "@/modules/dialer/lib/transport";

// Voicemail drop: the rep's default message is decoded with Web Audio and sent to the
// far end in place of the microphone (a MediaStreamDestination's track on the call's sender);
// when it has played to its end the call is hung up and marked Voicemail (`onPlayed`). The rep
// can take the microphone back (`takeBack`) or end the call at any moment.

export type DropState =
  /** `takenBack`: the rep stopped the last drop to talk (not played to its end). */
  | { phase: "idle"; takenBack?: boolean }
  | { phase: "loading" }
  | { phase: "playing"; durationMs: number };

export type DropNotice = "no-default" | "failed";

/** The slice of Web Audio the drop uses (a fake in unit tests). */
export type DropAudio = {
  decode(bytes: ArrayBuffer): Promise<AudioBuffer>;
  /** Starts `buffer` on a fresh track; `onEnded` when it has played out. */
  play(buffer: AudioBuffer, onEnded: () => void): { track: MediaStreamTrack; stop(): void };
  close(): void;
};

export type VoicemailDropOptions = {
  transport: Pick<CallTransport, "subscribe" | "sendInPlaceOfMicrophone">;
  /** The default message's audio, or null when the rep has none. */
  loadDefault(): Promise<ArrayBuffer | null>;
  /** The message played to its end: hang up and record the Voicemail disposition. */
  onPlayed(): void;
  onNotice(notice: DropNotice): void;
  audio?: () => DropAudio;
  /** After the last sample, before hanging up: the far end's jitter buffer still holds audio. */
  tailMs?: number;
};

export type VoicemailDrop = {
  state(): DropState;
  subscribe(listener: () => void): () => void;
  drop(): Promise<void>;
  takeBack(): void;
  dispose(): void;
};

const idle: DropState = { phase: "idle" };

export function webAudio(): DropAudio {
  const context = new AudioContext();
  return {
    decode: (bytes) => context.decodeAudioData(bytes),
    play(buffer, onEnded) {
      const destination = context.createMediaStreamDestination();
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(destination);
      source.onended = onEnded;
      void context.resume().catch(() => undefined);
      source.start();
      return {
        track: destination.stream.getAudioTracks()[0]!,
        stop: () => {
          source.onended = null;
          source.stop();
        },
      };
    },
    close: () => void context.close().catch(() => undefined),
  };
}

export function createVoicemailDrop(options: VoicemailDropOptions): VoicemailDrop {
  const { transport } = options;
  const listeners = new Set<() => void>();
  let state: DropState = idle;
  let connected = false;
  let prefetched: Promise<ArrayBuffer | null> | null = null;
  let active: { audio: DropAudio; stop: (() => void) | null; over: boolean } | null = null;
  const set = (next: DropState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const release = () => {
    const current = active;
    active = null;
    if (!current) return;
    current.over = true;
    current.stop?.();
    current.audio.close();
  };

  const unsubscribe = transport.subscribe((event) => {
    if (event.type === "connected") {
      connected = true;
      // Fetched as the call connects, so a drop starts at once.
      prefetched = options.loadDefault().catch(() => null);
    } else if (event.type === "ended") {
      connected = false;
      prefetched = null;
      release();
      set(idle);
    }
  });

  async function drop() {
    if (!connected || state.phase !== "idle") return;
    set({ phase: "loading" });
    const audio = (options.audio ?? webAudio)();
    const current: typeof active & object = { audio, stop: null, over: false };
    active = current;
    try {
      const bytes = await (prefetched ?? options.loadDefault());
      if (current.over) return;
      if (!bytes) {
        release();
        set(idle);
        options.onNotice("no-default");
        return;
      }
      // decodeAudioData detaches what it is given: the prefetched copy stays for another drop.
      const buffer = await audio.decode(bytes.slice(0));
      if (current.over) return;
      const played = audio.play(buffer, () => {
        if (current.over) return;
        current.over = true;
        setTimeout(() => {
          if (active === current) release();
          set(idle);
          options.onPlayed();
        }, options.tailMs ?? 300);
      });
      current.stop = played.stop;
      if (!(await transport.sendInPlaceOfMicrophone?.(played.track))) throw new Error("no call");
      if (current.over) return;
      set({ phase: "playing", durationMs: Math.round(buffer.duration * 1000) });
    } catch {
      if (active === current) release();
      set(idle);
      if (connected) options.onNotice("failed");
    }
  }

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    drop,
    takeBack() {
      if (!active) return;
      release();
      void transport.sendInPlaceOfMicrophone?.(null);
      set({ phase: "idle", takenBack: true });
    },
    dispose() {
      unsubscribe();
      release();
    },
  };
}
