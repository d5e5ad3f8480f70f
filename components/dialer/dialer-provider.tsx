"use client";

import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useQueryClient } from "@tanstack/react-query";
import { canCall, canEnd, createDialerController, type DialerController } from "@/lib/dialer";
import type { CallTransport } from "@/lib/dialer/transport";
import { createBrowserCallOutbox } from "@/lib/client/calls/outbox-client";
import { createCallRecorder, type CallRecorder } from "@/lib/client/calls/recorder";
import { newCallId } from "@/lib/client/calls/uuid";
import { checkDoNotCall } from "@/lib/client/dialing";
import { guardDial } from "@/lib/dialing/dnc-guard";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";

const DialerContext = createContext<DialerController | null>(null);
const RecorderContext = createContext<CallRecorder | null>(null);
const smallScreenQuery = "(max-width: 639px)";

/** TanStack Query keys under this prefix hold call data; they refresh once a call is saved. */
export const CALLS_QUERY_KEY = ["calls"] as const;

/**
 * Owns the one call for the whole /app area. It lives in the /app layout, so the call, the
 * number and the minimised flag survive navigation between /app pages. Every call is recorded
 * through the call outbox (saved when dialed and when it ends, queued while the server is
 * unreachable) and, once ended, waits for the rep's disposition.
 */
export function DialerProvider({
  children,
  transport,
}: {
  children: React.ReactNode;
  /** A real telephony transport; the spec's local simulation when omitted. */
  transport?: CallTransport;
}) {
  const queryClient = useQueryClient();
  const [outbox] = useState(() =>
    createBrowserCallOutbox({
      onSent: () => void queryClient.invalidateQueries({ queryKey: CALLS_QUERY_KEY }),
    }),
  );
  const [recorder] = useState(() => createCallRecorder(outbox));
  const tDnc = useTranslations("DoNotCall");
  const [controller] = useState(() =>
    guardDial(
      createDialerController({ transport, newCallId, onCall: recorder.onCall }),
      checkDoNotCall,
      (number) => toast.error(tDnc("blocked", { number })),
    ),
  );
  useEffect(() => outbox.start(), [outbox]);
  // Leaving /app (logout) must not leave a call running in the background.
  useEffect(() => () => controller.hangUp(), [controller]);
  // On a phone the open window would cover most of the page: start as the bar there.
  useEffect(() => {
    if (window.matchMedia(smallScreenQuery).matches) controller.setMinimised(true);
  }, [controller]);
  return (
    <DialerContext.Provider value={controller}>
      <RecorderContext.Provider value={recorder}>{children}</RecorderContext.Provider>
    </DialerContext.Provider>
  );
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

/** The ended call waiting for a disposition (null when none), and how to answer it. */
export function useCallDisposition() {
  const recorder = useContext(RecorderContext);
  if (!recorder) throw new Error("useCallDisposition must be used inside <DialerProvider>");
  const pending = useSyncExternalStore(recorder.subscribe, recorder.pending, () => null);
  return useMemo(
    () => ({
      pending,
      save: recorder.saveDisposition,
      skip: recorder.skip,
      lastAnswered: recorder.lastAnswered,
    }),
    [pending, recorder],
  );
}
