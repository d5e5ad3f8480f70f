import "client-only";
import { ApiClientError } from "@/lib/client/api-error";
import { subscribeLive } from "@/lib/client/live";
import { completeLocalDescription, playTrack, stopElement } from "@/modules/floor/lib/monitor-rtc";
import {
  changeMonitoring,
  endMonitoring,
  fetchMonitorSession,
  startMonitoring,
  type MonitorMode,
} from "./monitor-api";

// The manager's browser monitoring one rep's call. It offers a WebRTC connection to the rep's
// browser through the server (POST /api/floor/monitor), waits for the rep's answer, and plays
// what arrives: the business and the rep, mixed by the rep's browser. The manager's microphone
// is sent only to whisper or join (in listen, nothing of the manager leaves the browser), and
// the rep's browser decides where it goes from the server's signed mode.

/** How long the rep's browser has to answer before monitoring gives up. */
export const ANSWER_WAIT_MS = 15_000;
const ANSWER_POLL_MS = 400;

export type MonitorPhase = "connecting" | "connected" | "taking-over" | "ended" | "failed";

export type MonitorState = {
  sessionId: string | null;
  repId: string;
  mode: MonitorMode;
  phase: MonitorPhase;
  /** The server's refusal (its error code), or "no-answer" / "connection" / "microphone". */
  error: string | null;
};

export type ManagerMonitor = {
  state(): MonitorState;
  subscribe(listener: () => void): () => void;
  setMode(mode: MonitorMode): Promise<void>;
  takeOver(): Promise<void>;
  stop(): Promise<void>;
};

export function startManagerMonitor(options: {
  repId: string;
  mode: MonitorMode;
  iceServers: RTCIceServer[];
}): ManagerMonitor {
  let state: MonitorState = {
    sessionId: null,
    repId: options.repId,
    mode: options.mode,
    phase: "connecting",
    error: null,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<MonitorState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const pc = new RTCPeerConnection({ iceServers: options.iceServers });
  const transceiver = pc.addTransceiver("audio", { direction: "sendrecv" });
  let element: HTMLAudioElement | null = null;
  let microphone: MediaStream | null = null;
  let offLive = () => {};
  let finished = false;

  const finish = (phase: "ended" | "failed", error: string | null = null) => {
    if (finished) return;
    finished = true;
    offLive();
    pc.close();
    stopElement(element);
    microphone?.getTracks().forEach((t) => t.stop());
    set({ phase, error });
  };

  pc.addEventListener("track", (event) => {
    element = playTrack(event.track, true);
    element.dataset.testid = "monitor-call-audio";
    element.hidden = true;
    document.body.append(element);
  });
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "connected" && state.phase === "connecting")
      set({ phase: "connected" });
    if (pc.connectionState === "failed") {
      if (state.sessionId) void endMonitoring(state.sessionId).catch(() => undefined);
      finish("failed", "connection");
    }
  });

  /** The manager's voice goes out only to whisper or join. */
  const sendVoice = async (mode: MonitorMode) => {
    if (mode === "listen") {
      await transceiver.sender.replaceTrack(null);
      microphone?.getTracks().forEach((t) => t.stop());
      microphone = null;
      return;
    }
    microphone ??= await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
    });
    await transceiver.sender.replaceTrack(microphone.getAudioTracks()[0] ?? null);
  };

  const followSession = async () => {
    if (!state.sessionId || finished) return;
    const session = await fetchMonitorSession(state.sessionId).catch(() => null);
    // The rep's call ended, or the rep's browser ended it.
    if (session?.state === "ended") finish("ended");
    return session;
  };

  const begin = async () => {
    try {
      const offer = await completeLocalDescription(pc, await pc.createOffer());
      const session = await startMonitoring({ repId: options.repId, mode: options.mode, offer });
      if (finished) return void endMonitoring(session.id).catch(() => undefined);
      set({ sessionId: session.id });
      offLive = subscribeLive((change) => {
        if (change.topic === "monitor") void followSession();
      });
      const deadline = Date.now() + ANSWER_WAIT_MS;
      let answer: string | null = null;
      while (!finished && !answer && Date.now() < deadline) {
        answer = (await followSession())?.answer ?? null;
        if (!answer) await new Promise((r) => setTimeout(r, ANSWER_POLL_MS));
      }
      if (finished) return;
      if (!answer) {
        await endMonitoring(session.id).catch(() => undefined);
        return finish("failed", "no-answer");
      }
      await pc.setRemoteDescription({ type: "answer", sdp: answer });
      if (options.mode !== "listen") await sendVoice(options.mode);
    } catch (error) {
      if (state.sessionId) void endMonitoring(state.sessionId).catch(() => undefined);
      finish("failed", error instanceof ApiClientError ? (error.code ?? "server") : "connection");
    }
  };
  void begin();

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async setMode(mode) {
      if (finished || !state.sessionId || mode === state.mode) return;
      try {
        await sendVoice(mode);
      } catch {
        set({ error: "microphone" });
        return;
      }
      await changeMonitoring(state.sessionId, { mode });
      set({ mode, error: null });
    },
    async takeOver() {
      if (finished || !state.sessionId) return;
      await changeMonitoring(state.sessionId, { takeOver: true });
      set({ phase: "taking-over" });
    },
    async stop() {
      const id = state.sessionId;
      finish("ended");
      if (id) await endMonitoring(id).catch(() => undefined);
    },
  };
}
