import "client-only";
import { useContext, useEffect, useSyncExternalStore } from "react";
import { CallRecordingContext, recordToggle } from "@/modules/dialer/components/record-state";
import { isCallActive, useDialerValue } from "@/modules/dialer/components/dialer-provider";

// Record belongs to one call and is shown in more than one place (the top bar's call controls,
// the phone's compact in-call bar, key R): one state for all of them (record-state.ts), cleared
// when the call stops. modules/recordings/lib/browser/call-recording.ts turns it into a kept recording.

/** Whether this call is being recorded, and the toggle. */
export function useRecordToggle(): [recording: boolean, toggle: () => void] {
  const isActive = useDialerValue(isCallActive);
  const value = useSyncExternalStore(recordToggle.subscribe, recordToggle.get, () => false);
  useEffect(() => {
    if (!isActive) recordToggle.set(false);
  }, [isActive]);
  return [isActive && value, () => recordToggle.set(!recordToggle.get())];
}

const never = () => () => undefined;

/** Whether the consent notice is playing to the far end before the recording starts. */
export function useConsentNoticePlaying(): boolean {
  const callRecording = useContext(CallRecordingContext);
  return useSyncExternalStore(
    callRecording?.subscribe ?? never,
    () => callRecording?.isPlayingNotice() ?? false,
    () => false,
  );
}

/** Whether audio of this call is being kept right now (the rep always sees it). */
export function useRecordingAudio(): boolean {
  const callRecording = useContext(CallRecordingContext);
  return useSyncExternalStore(
    callRecording?.subscribe ?? never,
    () => callRecording?.isRecording() ?? false,
    () => false,
  );
}
