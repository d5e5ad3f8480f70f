"use client";

import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useQueryClient } from "@tanstack/react-query";
import { createDialerController, type DialerController } from "@/modules/dialer/lib/controller";
import { canCall, canEnd } from "@/modules/dialer/lib/reducer";
import type { DialerState } from "@/modules/dialer/lib/types";
import type { RepLine } from "@/modules/dialer/lib/line";
import { createSimulatedTransport } from "@/modules/dialer/lib/simulated-transport";
import { createSwitchableTransport } from "@/modules/dialer/lib/switchable-transport";
import type { CallTransport, TransportNotice } from "@/modules/dialer/lib/transport";
import type { DialRefusal } from "@/modules/calls/lib/dial-string";
import { createBrowserCallOutbox } from "@/modules/calls/client/outbox-client";
import { createCallRecorder, type CallRecorder } from "@/modules/calls/client/recorder";
import { newCallId } from "@/modules/calls/client/uuid";
import { checkDoNotCall } from "@/modules/do-not-call/lib/api";
import { readStored, removeStored, writeStored } from "@/lib/client/storage";
import { dialerMinimisedKey } from "@/modules/dialer/lib/storage-keys";
import { pendingOutcomeKey } from "@/modules/calls/client/storage-keys";
import { refreshCallQueries } from "@/modules/calls/client/refresh";
import { wasReloaded } from "@/lib/client/navigation";
import { guardDial } from "@/modules/do-not-call/lib/dnc-guard";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";
import { usePhoneLine } from "@/modules/dialer/hooks/use-phone-line";
import { CallRecordingContext } from "@/modules/dialer/components/record-state";
import { deferCallAudio } from "@/modules/dialer/lib/deferred-call-audio";
import { VoicemailDropContext } from "@/modules/dialer/hooks/voicemail-drop-context";
import { MachineDetectionContext } from "@/modules/dialer/hooks/machine-detection-context";
import { createCurrentCallStore, type CurrentCallStore } from "@/modules/dialer/lib/current-call";

/**
 * What another feature may do with the rep's live call beside the dialer (a manager's
 * monitoring, modules/floor): read its id and its tracks, send something else in place of the
 * microphone, and hand it to a teammate.
 */
export type CallMedia = {
  currentCall: CurrentCallStore;
  transport: Pick<CallTransport, "recordingSources" | "sendInPlaceOfMicrophone" | "subscribe">;
  transfer: DialerController["transfer"];
  /** The team line's ICE servers (TURN with the member's time-limited credentials); [] without one. */
  iceServers(): Promise<RTCIceServer[]>;
};

const DialerContext = createContext<DialerController | null>(null);
const CallMediaContext = createContext<CallMedia | null>(null);
const RecorderContext = createContext<CallRecorder | null>(null);
const smallScreenQuery = "(max-width: 639px)";

/**
 * Owns the one call for the whole /app area. It lives in the /app layout, so the call, the
 * number and the minimised flag survive navigation between /app pages. Every call is recorded
 * through the call outbox (saved when dialed and when it ends, queued while the server is
 * unreachable) and, once ended, waits for the rep's disposition.
 */
export function DialerProvider({
  children,
  transport,
  line = null,
}: {
  children: React.ReactNode;
  /** A transport to use as it is (tests); otherwise the simulation, then the line's SIP. */
  transport?: CallTransport;
  /** The organization's phone line: its SIP transport loads after first paint. */
  line?: RepLine | null;
}) {
  const queryClient = useQueryClient();
  const [outbox] = useState(() =>
    createBrowserCallOutbox({
      onSent: () => refreshCallQueries(queryClient),
    }),
  );
  const [recorder] = useState(() =>
    createCallRecorder(outbox, {
      load: () => readStored(pendingOutcomeKey),
      save: (pending) =>
        pending ? writeStored(pendingOutcomeKey, pending) : removeStored(pendingOutcomeKey),
    }),
  );
  // A reload while a call waited for its outcome asks for it again (after hydration: the
  // server knows nothing of this tab's storage). Only a reload: a rep arriving at /app anew is
  // not asked about a call of an earlier visit.
  useEffect(() => recorder.restore(wasReloaded()), [recorder]);
  const tDnc = useTranslations("DoNotCall");
  const tNotice = useTranslations("Dialer.notice");
  const [switchable] = useState(() =>
    createSwitchableTransport(transport ?? createSimulatedTransport()),
  );
  const tRecording = useTranslations("Recordings.notice");
  const tVoicemail = useTranslations("Voicemail");
  // Record keeps both sides of a real call, Drop voicemail plays the rep's message:
  // modules/dialer/lib/call-audio.ts, loaded after first paint (the effect below); until it has
  // arrived the call's events wait for it (deferred-call-audio.ts) and Drop is not offered yet.
  const [callAudio] = useState(() => deferCallAudio(switchable));
  const [currentCall] = useState(createCurrentCallStore);
  const audio = useSyncExternalStore(callAudio.subscribe, callAudio.current, () => null);
  const [controller] = useState(() =>
    guardDial(
      createDialerController({
        transport: switchable,
        newCallId,
        onCall: (record, phase) => {
          recorder.onCall(record, phase);
          callAudio.onCall(record, phase);
          currentCall.onCall(record, phase);
        },
        onNotice: (notice: TransportNotice, detail?: string) => {
          const message = noticeMessage(notice, detail);
          toast.error(
            message.key === "callRefused"
              ? tNotice("callRefused", { reason: message.reason })
              : tNotice(message.key),
          );
        },
      }),
      checkDoNotCall,
      (number) => toast.error(tDnc("blocked", { number })),
    ),
  );
  useEffect(() => {
    callAudio.load((transport) =>
      import("@/modules/dialer/lib/call-audio").then(({ createCallAudio }) =>
        createCallAudio({
          transport,
          queryClient,
          // A dropped voicemail played to its end: the call is hung up and its outcome is
          // Voicemail, so a power-dial session moves to the next business.
          onDropPlayed() {
            const before = recorder.pending();
            controller.hangUp();
            const ended = recorder.pending();
            if (!ended || ended === before) return;
            // On the next task: the ended call must first be seen waiting for its outcome (React
            // renders it in a microtask), which is how a power-dial session learns the call's id.
            setTimeout(
              () => recorder.saveDisposition(ended.callId, { disposition: "voicemail" }),
              0,
            );
          },
          onDetection: (callId, detection) => controller.noteDetection(callId, detection),
          onRecordingNotice: (notice) => toast.error(tRecording(notice)),
          onDropNotice: (notice) =>
            toast.error(tVoicemail(notice === "no-default" ? "noDefault" : "dropFailed")),
        }),
      ),
    );
    const online = () => callAudio.current()?.online();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      callAudio.dispose();
    };
    // The translations are read when a notice is shown; the rest is stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [callAudio]);
  useEffect(() => outbox.start(), [outbox]);
  usePhoneLine(transport ? null : line, switchable);
  // Leaving /app (logout) must not leave a call running in the background.
  useEffect(() => () => controller.hangUp(), [controller]);
  // Leaving or reloading the page during a call asks first; if the page goes anyway, the call
  // is ended and recorded with its talk time so far (the outbox keeps it in local storage and
  // sends it on the next page load).
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (canEnd(controller.getState())) event.preventDefault();
    };
    const leave = () => controller.hangUp();
    window.addEventListener("beforeunload", ask);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("beforeunload", ask);
      window.removeEventListener("pagehide", leave);
    };
  }, [controller]);
  // The rep's own choice, remembered across reloads; until they make one, a phone
  // starts with the bar, because the open window would cover most of the page there.
  // Before paint: the docked dialer's column follows it (modules/dialer/components/dialer-dock.tsx).
  useLayoutEffect(() => {
    const chosen = readStored(dialerMinimisedKey);
    if (chosen ?? window.matchMedia(smallScreenQuery).matches) controller.setMinimised(true);
  }, [controller]);
  const callMedia = useMemo<CallMedia>(
    () => ({
      currentCall,
      transport: switchable,
      transfer: controller.transfer,
      iceServers: () => lineIceServers(line),
    }),
    [currentCall, switchable, controller, line],
  );
  return (
    <DialerContext.Provider value={controller}>
      <CallMediaContext.Provider value={callMedia}>
        <RecorderContext.Provider value={recorder}>
          <CallRecordingContext.Provider value={audio?.recording ?? null}>
            <VoicemailDropContext.Provider value={audio?.drop ?? null}>
              <MachineDetectionContext.Provider value={audio?.detection ?? null}>
                {children}
              </MachineDetectionContext.Provider>
            </VoicemailDropContext.Provider>
          </CallRecordingContext.Provider>
        </RecorderContext.Provider>
      </CallMediaContext.Provider>
    </DialerContext.Provider>
  );
}

function useController() {
  const controller = useContext(DialerContext);
  if (!controller) throw new Error("the dialer's hooks must be used inside <DialerProvider>");
  return controller;
}

/** The dialer's commands: stable for the page's life, and reading them never re-renders. */
function commandsOf(controller: DialerController) {
  return {
    dial: controller.dial,
    setNumber: controller.setNumber,
    clearNumber: controller.clearNumber,
    hangUp: controller.hangUp,
    sendDigit: controller.sendDigit,
    setHeld: controller.setHeld,
    setMuted: controller.setMuted,
    answer: controller.answer,
    decline: controller.decline,
    takeOverLine: controller.takeOverLine,
    transfer: controller.transfer,
    startConsultation: controller.consult,
    joinConsultation: controller.joinConsultation,
    endConsultation: controller.endConsultation,
    retryLine: controller.retryLine,
    placeLine: controller.placeLine,
    setMinimised: controller.setMinimised,
    /** Whether a call is active now (for handlers; a render reads `useDialerValue(isCallActive)`). */
    isCallActive: () => canEnd(controller.getState()),
  };
}

/**
 * The whole call state and the commands: for the dialer itself, which shows the running timer and
 * so re-renders with every tick (4 a second during a call). Other screens read only what they use
 * with `useDialerValue` and `useDialerCommands`.
 */
export function useDialer() {
  const controller = useController();
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  const commands = useMemo(() => commandsOf(controller), [controller]);
  return useMemo(
    () => ({
      ...state,
      ...commands,
      // The transport can switch (simulation, then the team's line): read with the state.
      real: controller.capabilities.real,
      canCall: canCall(state),
      canEnd: canEnd(state),
      isActive: canEnd(state),
    }),
    [state, commands, controller],
  );
}

/**
 * One value of the call state, e.g. `useDialerValue(isCallActive)` or `useDialerValue((s) =>
 * s.minimised)`: the reader re-renders only when that value changes, not on the timer's ticks.
 * The selector must return a primitive or a reference the state keeps (never a new object).
 */
export function useDialerValue<T>(select: (state: DialerState) => T): T {
  const controller = useController();
  const snapshot = () => select(controller.getState());
  return useSyncExternalStore(controller.subscribe, snapshot, snapshot);
}

/** Whether a call is active (dialing, ringing or in call): a selector for `useDialerValue`. */
export const isCallActive = canEnd;

/** Whether calls go over a real phone line (the transport switches once the team's line is up). */
export function useRealLine() {
  const controller = useController();
  const real = () => controller.capabilities.real;
  return useSyncExternalStore(controller.subscribe, real, real);
}

/** The dialer's commands without its state: the reader never re-renders because of a call. */
export function useDialerCommands() {
  const controller = useController();
  return useMemo(() => commandsOf(controller), [controller]);
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
      recordElsewhere: recorder.recordElsewhere,
    }),
    [pending, recorder],
  );
}

async function lineIceServers(line: RepLine | null): Promise<RTCIceServer[]> {
  const servers = line?.iceServers ?? [];
  const needsCredentials = servers.some((s) => /^turns?:/i.test(s.urls) && !s.username);
  if (!needsCredentials) return servers;
  const [{ fetchLineCredentials }, { iceServersFor }] = await Promise.all([
    import("@/modules/telephony/client/telephony"),
    import("@/modules/dialer/lib/ice-servers"),
  ]);
  return iceServersFor(servers, await fetchLineCredentials());
}

/** The live call's media, for features beside the dialer (see `CallMedia`). */
export function useCallMedia(): CallMedia {
  const media = useContext(CallMediaContext);
  if (!media) throw new Error("useCallMedia must be used inside <DialerProvider>");
  return media;
}

/** The id of the dialer's call now (dialed or answered, not yet ended), or null. */
export function useCurrentCallId(): string | null {
  const { currentCall } = useCallMedia();
  const id = () => currentCall.get()?.id ?? null;
  return useSyncExternalStore(currentCall.subscribe, id, () => null);
}

/** The business of the latest call, or null when it was made to none (a typed number). */
export function useLastBusiness() {
  const recorder = useContext(RecorderContext);
  if (!recorder) throw new Error("useLastBusiness must be used inside <DialerProvider>");
  return useSyncExternalStore(recorder.subscribe, recorder.lastBusiness, () => null);
}

type NoticeMessage =
  | {
      key:
        | "microphoneBlocked"
        | "microphoneMissing"
        | "lineOffline"
        | "transferRefused"
        | "transferFailed";
    }
  | { key: `dialRefused.${(typeof DIAL_REFUSAL_KEYS)[DialRefusal]}` }
  | { key: "callRefused"; reason: string };

/** A refused dial string's reason, as its message is named. */
const DIAL_REFUSAL_KEYS = {
  "caller-id": "callerId",
  "service-code": "serviceCode",
  unreadable: "unreadable",
  "invalid-number": "invalidNumber",
  "extra-digits": "extraDigits",
  empty: "unreadable",
  "abandoned-recently": "abandonedRecently",
} as const satisfies Record<DialRefusal, string>;

/** A transport notice in the rep's words; the microphone's says how to allow it in this browser. */
function noticeMessage(notice: TransportNotice, detail?: string): NoticeMessage {
  switch (notice) {
    case "microphone-blocked":
      return { key: "microphoneBlocked" };
    case "microphone-missing":
      return { key: "microphoneMissing" };
    case "dial-refused":
      return {
        key: `dialRefused.${DIAL_REFUSAL_KEYS[detail as DialRefusal] ?? "unreadable"}`,
      };
    case "call-refused":
      return detail && detail !== "line-offline"
        ? { key: "callRefused", reason: detail }
        : { key: "lineOffline" };
    case "transfer-refused":
      return { key: "transferRefused" };
    case "transfer-failed":
      return { key: "transferFailed" };
  }
}
