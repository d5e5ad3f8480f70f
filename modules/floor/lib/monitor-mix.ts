import { playTrack, stopElement } from "./monitor-rtc";

// The rep's side of monitoring in Web Audio. What the manager hears is a mix made in the rep's
// browser of the two sides of the call: the business (the call's received track) and the rep
// (the microphone). The manager's voice (the monitoring connection's received track) goes:
// - listen: nowhere;
// - whisper: to the rep's ears only;
// - join: to the rep's ears, and into what the business hears, mixed with the rep's microphone
//   and sent in its place on the call (`sendToCall`). Leaving join puts the microphone back.

export type MonitorAudioMode = "listen" | "whisper" | "join";

export type MonitorMixOptions = {
  /** The call's received tracks (the business). */
  received: MediaStreamTrack[];
  /** The rep's microphone as the call sends it (taken before anything replaced it). */
  microphone: MediaStreamTrack | null;
  /** Sends a track to the business in place of the microphone; null puts the microphone back. */
  sendToCall(track: MediaStreamTrack | null): Promise<boolean>;
};

export type MonitorMix = {
  /** The track to send the manager: the business and the rep, mixed. */
  readonly toManager: MediaStreamTrack;
  /** The manager's voice arrived (the monitoring connection's track). */
  setManager(track: MediaStreamTrack): void;
  setMode(mode: MonitorAudioMode): Promise<void>;
  /** The element playing the manager's voice to the rep (muted while listening), for tests. */
  managerElement(): HTMLAudioElement | null;
  close(): Promise<void>;
};

export function createMonitorMix(options: MonitorMixOptions): MonitorMix {
  const context = new AudioContext({ latencyHint: "interactive" });
  void context.resume().catch(() => undefined);
  const toManager = context.createMediaStreamDestination();
  const elements: HTMLAudioElement[] = [];
  for (const track of options.received) {
    const element = playTrack(track, false);
    elements.push(element);
    context.createMediaStreamSource(element.srcObject as MediaStream).connect(toManager);
  }
  const microphone = options.microphone
    ? context.createMediaStreamSource(new MediaStream([options.microphone]))
    : null;
  microphone?.connect(toManager);

  let mode: MonitorAudioMode = "listen";
  let manager: { element: HTMLAudioElement; source: MediaStreamAudioSourceNode } | null = null;
  let toBusiness: MediaStreamAudioDestinationNode | null = null;

  const joinCall = async () => {
    if (toBusiness || !manager) return;
    toBusiness = context.createMediaStreamDestination();
    microphone?.connect(toBusiness);
    manager.source.connect(toBusiness);
    const track = toBusiness.stream.getAudioTracks()[0]!;
    if (!(await options.sendToCall(track).catch(() => false))) leaveCallMix();
  };
  const leaveCallMix = () => {
    if (!toBusiness) return;
    microphone?.disconnect(toBusiness);
    manager?.source.disconnect(toBusiness);
    toBusiness.stream.getTracks().forEach((t) => t.stop());
    toBusiness = null;
  };
  const leaveCall = async () => {
    if (!toBusiness) return;
    // The microphone goes back first: the business never hears a stopped track.
    await options.sendToCall(null).catch(() => false);
    leaveCallMix();
  };
  const apply = async () => {
    if (manager) manager.element.muted = mode === "listen";
    if (mode === "join") await joinCall();
    else await leaveCall();
  };

  return {
    toManager: toManager.stream.getAudioTracks()[0]!,
    setManager(track) {
      if (manager) return;
      const element = playTrack(track, false);
      element.dataset.testid = "monitor-manager-audio";
      element.hidden = true;
      document.body.append(element);
      manager = {
        element,
        source: context.createMediaStreamSource(element.srcObject as MediaStream),
      };
      void apply().catch(() => undefined);
    },
    async setMode(next) {
      mode = next;
      await apply();
    },
    managerElement: () => manager?.element ?? null,
    async close() {
      await leaveCall().catch(() => undefined);
      elements.forEach(stopElement);
      stopElement(manager?.element ?? null);
      manager = null;
      toManager.stream.getTracks().forEach((t) => t.stop());
      await context.close().catch(() => undefined);
    },
  };
}
