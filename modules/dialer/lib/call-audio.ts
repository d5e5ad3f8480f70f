import type { QueryClient } from "@tanstack/react-query";
import {
  fetchConsentNotice,
  fetchRecordingSettings,
  recordingApi,
} from "@/modules/recordings/client/recordings";
import {
  fetchVoicemailAudio,
  fetchVoicemails,
  voicemailsKey,
} from "@/modules/voicemail/client/voicemails";
import { newCallId } from "@/modules/calls/client/uuid";
import {
  createCallRecording,
  type CallRecording,
  type RecordingNotice,
} from "@/modules/recordings/lib/browser/call-recording";
import { playConsentNotice } from "@/modules/recordings/lib/browser/consent-notice";
import {
  createVoicemailDrop,
  type DropNotice,
  type VoicemailDrop,
} from "@/modules/voicemail/lib/browser/drop";
import { recordToggle } from "@/modules/dialer/components/record-state";
import { readStored } from "@/lib/client/storage";
import { machineDetectionKey } from "@/modules/dialer/lib/storage-keys";
import { tapAudio } from "@/modules/dialer/lib/amd/audio-tap";
import { createMachineDetection, type MachineDetection } from "@/modules/dialer/lib/amd/on-call";
import type { CallPhase } from "@/modules/dialer/lib/controller";
import type { CallTransport } from "@/modules/dialer/lib/transport";
import type { CallDetection, CallRecord } from "@/modules/dialer/lib/types";

// What the dialer does with a real call's audio: Record keeps both sides, Drop
// voicemail plays the rep's default message in place of the microphone. Neither is needed to
// draw a page or to place a call, so this module (with the recorder, the upload queue, Web Audio
// and their API clients) loads after first paint: modules/dialer/lib/deferred-call-audio.ts
// holds the call's events until it has arrived.

export type CallAudioOptions = {
  transport: Pick<
    CallTransport,
    "subscribe" | "recordingSources" | "sendInPlaceOfMicrophone" | "setFarEndAudible"
  >;
  queryClient: QueryClient;
  /** The dropped message played to its end: hang up and record the Voicemail disposition. */
  onDropPlayed(): void;
  /** The answering-machine detector's decision on a call, to keep on its record. */
  onDetection(callId: string, detection: CallDetection): void;
  onRecordingNotice(notice: RecordingNotice): void;
  onDropNotice(notice: DropNotice): void;
};

export type CallAudio = {
  recording: CallRecording;
  drop: VoicemailDrop;
  detection: MachineDetection;
  onCall(record: CallRecord, phase: CallPhase): void;
  online(): void;
  dispose(): void;
};

export function createCallAudio(options: CallAudioOptions): CallAudio {
  const { transport, queryClient } = options;
  const recording = createCallRecording({
    transport,
    toggle: recordToggle,
    api: recordingApi,
    settings: () => fetchRecordingSettings().catch(() => null),
    playConsentNotice: async () =>
      playConsentNotice(transport, await fetchConsentNotice().catch(() => new ArrayBuffer(0))),
    newId: newCallId,
    onNotice: options.onRecordingNotice,
  });
  const drop = createVoicemailDrop({
    transport,
    async loadDefault() {
      const messages = await queryClient.fetchQuery({
        queryKey: voicemailsKey,
        queryFn: ({ signal }) => fetchVoicemails(signal),
        staleTime: 60_000,
      });
      const chosen = messages.find((m) => m.isDefault);
      return chosen ? (await fetchVoicemailAudio(chosen.id)).arrayBuffer() : null;
    },
    onPlayed: options.onDropPlayed,
    onNotice: options.onDropNotice,
  });
  const detection = createMachineDetection({
    transport,
    enabled: () => readStored(machineDetectionKey),
    tap: tapAudio,
    onDetection: options.onDetection,
    async leaveVoicemail() {
      // The rep dropped it by hand already (V while it listened): that one is not automatic.
      if (drop.state().phase !== "idle") return false;
      await drop.drop();
      return drop.state().phase === "playing";
    },
  });
  const stopDropWatch = drop.subscribe(() => {
    const state = drop.state();
    if (state.phase === "idle") detection.voicemailStopped(state.takenBack === true);
    // The rep drops the voicemail on a call handed to them as a person: the detector was wrong.
    if (state.phase === "loading") detection.overrideToMachine();
  });
  return {
    recording,
    drop,
    detection,
    onCall(record, phase) {
      recording.onCall(record, phase);
      detection.onCall(record, phase);
    },
    online: () => recording.online(),
    dispose() {
      stopDropWatch();
      recording.dispose();
      detection.dispose();
      drop.dispose();
    },
  };
}
