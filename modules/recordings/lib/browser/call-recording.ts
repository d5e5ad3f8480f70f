import type { RecordingApi } from "@/modules/recordings/client/recordings";
import type { CallPhase } from "@/modules/dialer/lib/controller";
import type { CallTransport } from "@/modules/dialer/lib/transport";
import type { CallRecord } from "@/modules/dialer/lib/types";
import type { RecordingSettings } from "../schemas";
import { pickMimeType, startMixRecorder, type MixRecorder } from "./mix-recorder";
import { createUploadQueue, type UploadQueue } from "./upload-queue";

// What turns Record into a kept recording. The record toggle (one state for the top
// bar, the dialer's bar and key R) says what the rep wants; this starts the recording once the
// call is connected and saved, uploads it while the call runs and closes it when Record is
// turned off or the call ends. In "every call" mode it turns Record on as the call connects.

export type RecordToggle = {
  get(): boolean;
  set(next: boolean): void;
  subscribe(listener: () => void): () => void;
};

export type RecordingNotice =
  "unsupported" | "off" | "consent" | "failed" | "upload-trouble" | "exists" | "quota";

export type CallRecordingOptions = {
  transport: Pick<CallTransport, "subscribe" | "recordingSources">;
  toggle: RecordToggle;
  api: RecordingApi;
  settings: () => Promise<Pick<
    RecordingSettings,
    "mode" | "consentRequired" | "consentNotice"
  > | null>;
  /**
   * Plays the organization's consent notice to the far end and gives the microphone back;
   * true once it played out. Called before a recording starts where the team requires it.
   */
  playConsentNotice?: () => Promise<boolean>;
  newId: () => string;
  onNotice: (notice: RecordingNotice) => void;
  /** How long to wait for the call's own record to reach the server before giving up. */
  callSaveAttempts?: number;
};

type Active = {
  recordingId: string;
  recorder: MixRecorder | null;
  queue: UploadQueue | null;
  cancelled: boolean;
};

export type CallRecording = {
  onCall(record: CallRecord, phase: CallPhase): void;
  /** Whether audio is being recorded right now (what the rep is shown). */
  isRecording(): boolean;
  /** Whether the consent notice is playing to the far end right now (the rep is shown it). */
  isPlayingNotice(): boolean;
  subscribe(listener: () => void): () => void;
  /** The browser came back online: resume uploads at once. */
  online(): void;
  dispose(): void;
};

const statusOf = (error: unknown) => (error as { status?: number }).status ?? 0;
const codeOf = (error: unknown) => (error as { code?: string }).code ?? "";
/** The notice a refused start shows, by the server's code. */
const noticeOf: Record<string, RecordingNotice> = {
  recording_off: "off",
  consent_notice_missing: "consent",
  recording_exists: "exists",
  recording_quota: "quota",
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCallRecording(options: CallRecordingOptions): CallRecording {
  const { transport, toggle, api } = options;
  const listeners = new Set<() => void>();
  let callId: string | null = null;
  let connected = false;
  let active: Active | null = null;
  let recording = false;
  let playingNotice = false;
  const setRecording = (next: boolean) => {
    if (next === recording) return;
    recording = next;
    listeners.forEach((l) => l());
  };
  const setPlayingNotice = (next: boolean) => {
    playingNotice = next;
    listeners.forEach((l) => l());
  };
  /** The notice, where the team requires one: false when it could not be played out. */
  async function consentGiven(): Promise<boolean> {
    if (!options.playConsentNotice) return true;
    const settings = await options.settings();
    // Unknown settings: better no recording than one of someone who may not have been told.
    if (!settings) return false;
    if (!settings.consentRequired || !settings.consentNotice) return true;
    setPlayingNotice(true);
    try {
      return await options.playConsentNotice();
    } finally {
      setPlayingNotice(false);
    }
  }

  async function start() {
    const sources = transport.recordingSources?.() ?? null;
    // The simulation has no audio to keep: Record is only a state there.
    if (!sources || !callId || active) return;
    const mimeType = pickMimeType();
    if (!mimeType) {
      options.onNotice("unsupported");
      toggle.set(false);
      return;
    }
    const current: Active = {
      recordingId: options.newId(),
      recorder: null,
      queue: null,
      cancelled: false,
    };
    active = current;
    const forCall = callId;
    try {
      if (!(await consentGiven())) {
        if (active === current) active = null;
        toggle.set(false);
        if (connected) options.onNotice("failed");
        return;
      }
      if (current.cancelled) return;
      // The call's record reaches the server a moment after the dial (the outbox): until then
      // the server does not know the call (404), so the start is retried a few times.
      const attempts = options.callSaveAttempts ?? 12;
      for (let n = 0; ; n++) {
        try {
          await api.start(current.recordingId, forCall, mimeType);
          break;
        } catch (error) {
          if (statusOf(error) !== 404 || n >= attempts - 1) throw error;
          await wait(Math.min(2000, 250 * 2 ** n));
          if (current.cancelled) return;
        }
      }
      if (current.cancelled) return;
      const live = transport.recordingSources?.() ?? sources;
      current.queue = createUploadQueue({
        api,
        recordingId: current.recordingId,
        onTrouble: (failing) => failing && options.onNotice("upload-trouble"),
        onRefused: (code) => code === "recording_quota" && options.onNotice("quota"),
      });
      const queue = current.queue;
      current.recorder = startMixRecorder(live, mimeType, (chunk) => queue.push(chunk));
      setRecording(true);
    } catch (error) {
      if (active === current) active = null;
      toggle.set(false);
      const code = codeOf(error);
      options.onNotice(noticeOf[code] ?? "failed");
    }
  }

  async function stop() {
    const current = active;
    if (!current) return;
    active = null;
    current.cancelled = true;
    setRecording(false);
    if (!current.recorder || !current.queue) return;
    const durationMs = await current.recorder.stop();
    await current.queue.finish(durationMs);
    current.queue.dispose();
  }

  const sync = () => {
    if (toggle.get() && connected) void start();
    else if (!toggle.get()) void stop();
  };
  const unsubscribeToggle = toggle.subscribe(sync);
  const unsubscribeTransport = transport.subscribe((event) => {
    if (event.type === "connected") {
      connected = true;
      void options.settings().then((settings) => {
        if (connected && settings?.mode === "every_call") toggle.set(true);
        sync();
      });
      sync();
    } else if (event.type === "ended") {
      connected = false;
      void stop();
    } else if (event.type === "sending") {
      // A dropped voicemail (or the microphone again) is now what the far end hears: so is the
      // recording.
      const sent = transport.recordingSources?.()?.sent;
      if (sent) active?.recorder?.replaceSent(sent);
    }
  });

  return {
    onCall(record, phase) {
      if (phase === "started") callId = record.id;
      if (phase === "ended" && record.id === callId) {
        connected = false;
        void stop();
      }
    },
    isRecording: () => recording,
    isPlayingNotice: () => playingNotice,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    online() {
      active?.queue?.retryNow();
    },
    dispose() {
      unsubscribeToggle();
      unsubscribeTransport();
      void stop();
    },
  };
}
