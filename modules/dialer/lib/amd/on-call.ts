import { createAmdDetector, type AmdDecision } from "@/modules/dialer/lib/amd/detector";
import { DEFAULT_AMD_SETTINGS, type AmdSettings } from "@/modules/dialer/lib/amd/settings";
import { createVoicemailCue } from "@/modules/dialer/lib/amd/voicemail-cue";
import type { AudioTap, TapAudio } from "@/modules/dialer/lib/amd/audio-tap";
import type { CallPhase } from "@/modules/dialer/lib/controller";
import type { CallTransport } from "@/modules/dialer/lib/transport";
import type { CallDetection, CallRecord } from "@/modules/dialer/lib/types";

// Answering-machine detection on the calls the rep places: from the answer, the far
// end's audio goes to the detector (detector.ts) while the rep's speaker stays silent, so the
// rep never hears a voicemail greeting. A person (or a line the detector is not sure of) is
// handed to the rep at once. A machine answering a power-dial session's call gets the rep's
// default voicemail after its beep (voicemail-cue.ts) without the rep; on a call the rep dialed
// by hand the rep is told and decides. The rep can turn detection off (the dialer's settings),
// and can say "a person" in one key while it listens or waits for the beep (`override`).

export type DetectionPhase =
  | { phase: "idle" }
  /** Listening to the first seconds of the answer, the rep's speaker off. */
  | { phase: "listening" }
  /** A machine on a session's call: waiting for its beep to leave the voicemail. */
  | { phase: "waiting-for-beep" }
  /** The voicemail is being left (the drop plays), the rep's speaker still off. */
  | { phase: "leaving-voicemail" }
  /** Decided and handed to the rep: what was decided, shown beside the call. */
  | { phase: "decided"; verdict: CallDetection["verdict"]; overridden: boolean };

export type MachineDetectionOptions = {
  transport: Pick<CallTransport, "subscribe" | "recordingSources" | "setFarEndAudible">;
  /** The rep's switch (on unless turned off), read at each answer. */
  enabled(): boolean;
  tap: TapAudio;
  /** The decision, and again when it changes (overridden, the voicemail left). */
  onDetection(callId: string, detection: CallDetection): void;
  /**
   * A machine's greeting is over on a session's call: leave the voicemail now. Resolves true
   * when it is playing (the call then ends when it has played), false when it could not start
   * (no default message...): the rep is then given the call.
   */
  leaveVoicemail(): Promise<boolean>;
  settings?: AmdSettings;
  /** After a machine decision, how long to wait for its beep or silence before giving up, ms. */
  beepWaitMs?: number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
};

export type MachineDetection = {
  state(): DetectionPhase;
  subscribe(listener: () => void): () => void;
  onCall(record: CallRecord, phase: CallPhase): void;
  /** The rep says a person is there: their speaker on, no automatic voicemail. */
  override(): void;
  /**
   * The rep heard a machine on a line the detector gave them as a person (they drop the
   * voicemail): the decision is marked overridden, so the detector's accuracy counts the miss.
   */
  overrideToMachine(): void;
  /**
   * The voicemail stopped: played to its end (the drop hangs up next), or `takenBack` by the rep,
   * who talks instead; then it was not left, and the record says so.
   */
  voicemailStopped(takenBack: boolean): void;
  dispose(): void;
};

/** How long a session's machine may take, after the decision, to beep or fall silent. */
export const BEEP_WAIT_MS = 20_000;

const idle: DetectionPhase = { phase: "idle" };

type Current = {
  callId: string;
  /** A power-dial session's call: a machine gets the voicemail without the rep. */
  automatic: boolean;
  tap: AudioTap | null;
  decision: CallDetection | null;
  timer: unknown;
  over: boolean;
};

export function createMachineDetection(options: MachineDetectionOptions): MachineDetection {
  const { transport } = options;
  const settings = options.settings ?? DEFAULT_AMD_SETTINGS;
  const later = options.setTimeout ?? ((run, ms) => setTimeout(run, ms));
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as number));
  const listeners = new Set<() => void>();
  let phase: DetectionPhase = idle;
  /** The outbound call dialed last, until it connects or ends. */
  let dialed: { callId: string; automatic: boolean } | null = null;
  let current: Current | null = null;

  const set = (next: DetectionPhase) => {
    phase = next;
    listeners.forEach((l) => l());
  };
  const stopListening = (call: Current) => {
    call.tap?.stop();
    call.tap = null;
    if (call.timer !== null) cancel(call.timer);
    call.timer = null;
  };
  const report = (call: Current, change: Partial<CallDetection>) => {
    if (!call.decision) return;
    call.decision = { ...call.decision, ...change };
    options.onDetection(call.callId, call.decision);
  };
  /** The rep takes the call: speaker on, detection over. */
  const handOver = (call: Current, overridden = false) => {
    stopListening(call);
    call.over = true;
    transport.setFarEndAudible?.(true);
    if (overridden) report(call, { overridden: true });
    set(
      call.decision
        ? { phase: "decided", verdict: call.decision.verdict, overridden }
        : { phase: "idle" },
    );
  };

  async function leave(call: Current) {
    stopListening(call);
    set({ phase: "leaving-voicemail" });
    const playing = await options.leaveVoicemail().catch(() => false);
    if (call !== current || call.over) return;
    if (!playing) return handOver(call);
    call.over = true;
    report(call, { automaticVoicemail: true });
  }

  function onDecision(call: Current, decision: AmdDecision) {
    call.decision = {
      verdict: decision.verdict,
      cause: decision.cause,
      atMs: Math.round(decision.atMs),
      overridden: false,
      automaticVoicemail: false,
    };
    options.onDetection(call.callId, call.decision);
    // A fax has no greeting to speak after, and a call the rep dialed by hand is theirs.
    if (decision.verdict !== "machine" || !call.automatic || decision.cause === "fax") {
      return handOver(call);
    }
    set({ phase: "waiting-for-beep" });
    call.timer = later(() => {
      call.timer = null;
      if (call === current && !call.over) handOver(call);
    }, options.beepWaitMs ?? BEEP_WAIT_MS);
  }

  async function listen(call: Current) {
    const track = transport.recordingSources?.()?.received[0];
    if (!track) return;
    transport.setFarEndAudible?.(false);
    set({ phase: "listening" });
    let detector: ReturnType<typeof createAmdDetector> | null = null;
    let cue: ReturnType<typeof createVoicemailCue> | null = null;
    try {
      const tap = await options.tap(track, (samples) => {
        if (call !== current || call.over || !detector || !cue) return;
        const ready = cue.push(samples);
        if (!call.decision) {
          const decision = detector.push(samples);
          if (decision) onDecision(call, decision);
        }
        if (ready && call.decision?.verdict === "machine" && phase.phase === "waiting-for-beep") {
          void leave(call);
        }
      });
      if (call !== current || call.over) return tap.stop();
      call.tap = tap;
      detector = createAmdDetector(tap.sampleRate, settings);
      cue = createVoicemailCue(tap.sampleRate, settings);
    } catch {
      // No Web Audio (or the worklet would not load): the rep hears the call as before.
      if (call === current) handOver(call);
    }
  }

  const unsubscribe = transport.subscribe((event) => {
    if (event.type === "connected") {
      if (!dialed || current || !options.enabled()) return;
      current = { ...dialed, tap: null, decision: null, timer: null, over: false };
      dialed = null;
      void listen(current);
    } else if (event.type === "ended") {
      if (current) stopListening(current);
      current = null;
      dialed = null;
      if (phase.phase !== "idle") set(idle);
    }
  });

  return {
    state: () => phase,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCall(record, callPhase) {
      if (callPhase !== "started" || record.direction !== "outbound") return;
      // An adopted parallel line was listened to before the rep got it (power-dial's lines).
      if (record.context?.line) return;
      dialed = { callId: record.id, automatic: Boolean(record.context?.powerDial) };
    },
    override() {
      const call = current;
      if (!call || call.over) return;
      if (phase.phase === "listening" || phase.phase === "waiting-for-beep") {
        handOver(call, call.decision !== null);
      }
    },
    overrideToMachine() {
      const call = current;
      if (!call?.decision || call.decision.overridden || phase.phase !== "decided") return;
      if (call.decision.verdict === "machine") return;
      report(call, { overridden: true });
      set({ phase: "decided", verdict: call.decision.verdict, overridden: true });
    },
    voicemailStopped(takenBack) {
      const call = current;
      if (!call || phase.phase !== "leaving-voicemail") return;
      if (takenBack) report(call, { automaticVoicemail: false });
      handOver(call);
    },
    dispose() {
      unsubscribe();
      if (current) stopListening(current);
      current = null;
      listeners.clear();
    },
  };
}
