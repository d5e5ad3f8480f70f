import "client-only";
import { useCallback, useContext, useSyncExternalStore } from "react";
import type { DropState } from "@/modules/voicemail/lib/browser/drop";
import { useDialerValue, useRealLine } from "@/modules/dialer/components/dialer-provider";
import { VoicemailDropContext } from "./voicemail-drop-context";

// Drop voicemail is offered in the dialer, the phone's in-call bar and on key V: one drop per
// call for all of them, created by the dialer provider (modules/voicemail/lib/browser/drop.ts).

const idle: DropState = { phase: "idle" };
const never = () => () => undefined;

/** The drop's state, whether one can start now (a connected real call), and its commands. */
export function useVoicemailDrop() {
  const drop = useContext(VoicemailDropContext);
  const status = useDialerValue((s) => s.status);
  const real = useRealLine();
  const state = useSyncExternalStore(
    drop?.subscribe ?? never,
    drop?.state ?? (() => idle),
    () => idle,
  );
  return {
    state,
    available: Boolean(drop) && real && status === "in-call" && state.phase === "idle",
    drop: useCallback(() => void drop?.drop(), [drop]),
    takeBack: useCallback(() => drop?.takeBack(), [drop]),
  };
}
