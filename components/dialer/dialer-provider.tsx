"use client";

import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { canCall, canEnd, createDialerController, type DialerController } from "@/lib/dialer";
import type { CallTransport } from "@/lib/dialer/transport";

const DialerContext = createContext<DialerController | null>(null);
const smallScreenQuery = "(max-width: 639px)";

/**
 * Owns the one call for the whole /app area. It lives in the /app layout, so the call, the
 * number and the minimised flag survive navigation between /app pages.
 */
export function DialerProvider({
  children,
  transport,
}: {
  children: React.ReactNode;
  /** A real telephony transport; the spec's local simulation when omitted. */
  transport?: CallTransport;
}) {
  const [controller] = useState(() => createDialerController({ transport }));
  // Leaving /app (logout) must not leave a call running in the background.
  useEffect(() => () => controller.hangUp(), [controller]);
  // On a phone the open window would cover most of the page: start as the bar there.
  useEffect(() => {
    if (window.matchMedia(smallScreenQuery).matches) controller.setMinimised(true);
  }, [controller]);
  return <DialerContext.Provider value={controller}>{children}</DialerContext.Provider>;
}

/** The shared call state and its commands; the only way components touch the call. */
export function useDialer() {
  const controller = useContext(DialerContext);
  if (!controller) throw new Error("useDialer must be used inside <DialerProvider>");
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  return useMemo(
    () => ({
      ...state,
      canCall: canCall(state),
      canEnd: canEnd(state),
      isActive: canEnd(state),
      dial: controller.dial,
      setNumber: controller.setNumber,
      clearNumber: controller.clearNumber,
      hangUp: controller.hangUp,
      sendDigit: controller.sendDigit,
      setMinimised: controller.setMinimised,
    }),
    [state, controller],
  );
}

export type DialerApi = ReturnType<typeof useDialer>;
