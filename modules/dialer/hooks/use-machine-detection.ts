import "client-only";
import { useCallback, useContext, useSyncExternalStore } from "react";
import type { DetectionPhase } from "@/modules/dialer/lib/amd/on-call";
import { MachineDetectionContext } from "./machine-detection-context";

const idle: DetectionPhase = { phase: "idle" };
const never = () => () => undefined;

/** What the answering-machine detector is doing on the call, and the rep's "a person" (key P). */
export function useMachineDetection() {
  const detection = useContext(MachineDetectionContext);
  const state = useSyncExternalStore(
    detection?.subscribe ?? never,
    detection?.state ?? (() => idle),
    () => idle,
  );
  const canOverride = state.phase === "listening" || state.phase === "waiting-for-beep";
  return {
    state,
    canOverride,
    override: useCallback(() => detection?.override(), [detection]),
  };
}
