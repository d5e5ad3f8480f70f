"use client";

import { businessContextOf } from "@/lib/calls/business-context";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useCallDisposition, useDialer } from "@/components/dialer/dialer-provider";
import { ApiClientError } from "@/lib/client/api-client";
import { releasePlace, reservePlace } from "@/lib/client/dialing";
import {
  powerDialSummariesKey,
  readStored,
  singleKeyShortcutsKey,
  writeStored,
} from "@/lib/client/storage";
import type { CountdownEvent } from "@/lib/dialing/countdown";
import { initialCountdown } from "@/lib/dialing/countdown-state";
import type { SessionPlan } from "@/lib/dialing/plan";
import type { DialSettings } from "@/lib/dialing/schemas";
import type { Place } from "@/lib/places/schemas";
import { dialableDigits } from "@/lib/format/phone";
import type { EngineDeps, EngineSnapshot, SessionEngine } from "./session-engine";

const storedMax = 50;

type Runtime = typeof import("./power-dial-runtime");

/**
 * The engine's code loads on first use: the preview's button calls this as it opens (so the
 * session starts at once), and `start` waits for it otherwise.
 */
export const loadPowerDialRuntime = (): Promise<Runtime> => import("./power-dial-runtime");

const idleSnapshot: EngineSnapshot = {
  session: null,
  countdown: initialCountdown,
  summary: null,
  stopping: false,
};
const idle = () => idleSnapshot;
const noSubscription = () => () => {};

/**
 * The session engine wired to the dialer, the reservation routes, storage, keys and a clock.
 * Until the first session starts there is no engine: the page shows no session and no summary.
 */
export function usePowerDialSession({ onOpenPlace }: { onOpenPlace: (place: Place) => void }) {
  const dialer = useDialer();
  const disposition = useCallDisposition();
  const deps = (): EngineDeps => ({
    async reserve(placeId) {
      try {
        await reservePlace(placeId);
        return "ok";
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 409) return "taken";
        throw error;
      }
    },
    release: (placeId) => void releasePlace(placeId).catch(() => undefined),
    openPlace: onOpenPlace,
    dial(place) {
      dialer.setMinimised(false);
      dialer.dial(dialableDigits(place.phone) ?? "", {
        placeId: place.place_id,
        placeName: place.name.trim() || null,
        ...businessContextOf(place),
      });
    },
    hangUp: dialer.hangUp,
    isCallActive: () => dialer.isActive,
    pending() {
      const p = disposition.pending;
      return p ? { callId: p.callId, placeId: p.context?.placeId ?? null } : null;
    },
    lastAnswered: disposition.lastAnswered,
    onSummary(summary) {
      writeStored(
        powerDialSummariesKey,
        [...readStored(powerDialSummariesKey), summary].slice(-storedMax),
      );
    },
    now: () => Date.now(),
  });
  const [loaded, setLoaded] = useState<{ engine: SessionEngine; runtime: Runtime } | null>(null);
  const engine = loaded?.engine ?? null;
  // The engine acts on the latest dialer state and commands; one created after a render takes
  // them from here.
  const latestDeps = useRef(deps);
  useEffect(() => {
    latestDeps.current = deps;
    engine?.connect(deps());
  });
  const snap = useSyncExternalStore(
    engine?.subscribe ?? noSubscription,
    engine?.getSnapshot ?? idle,
    engine?.getSnapshot ?? idle,
  );

  // The page's commands, stable across renders; `start` creates the engine on first use.
  const live = useRef<{ engine: SessionEngine | null; mounted: boolean; resumeOnCancel: boolean }>({
    engine: null,
    mounted: true,
    resumeOnCancel: false,
  });
  // Stop (the bar's button, Escape in the countdown) asks first (issue 31); a countdown holds
  // while the question is open.
  const [askingStop, setAskingStop] = useState(false);
  const [controls] = useState(() => ({
    start(plan: SessionPlan, settings: DialSettings) {
      void loadPowerDialRuntime().then((runtime) => {
        const state = live.current;
        if (!state.mounted) return;
        if (!state.engine) {
          state.engine = runtime.createSessionEngine(latestDeps.current());
          setLoaded({ engine: state.engine, runtime });
        }
        state.engine.start(plan, settings);
      });
    },
    command(event: CountdownEvent) {
      live.current.engine?.command(event);
    },
    askStop() {
      const state = live.current;
      const snapshot = state.engine?.getSnapshot();
      if (!state.engine || !snapshot?.session) return;
      state.resumeOnCancel =
        snapshot.session.phase === "countdown" && !snapshot.countdown.pausedByUser;
      if (state.resumeOnCancel) state.engine.command({ type: "pause" });
      setAskingStop(true);
    },
    cancelStop() {
      const state = live.current;
      setAskingStop(false);
      if (state.resumeOnCancel) state.engine?.command({ type: "resume" });
      state.resumeOnCancel = false;
    },
    confirmStop(mode: "now" | "afterCall") {
      const state = live.current;
      setAskingStop(false);
      // Resumed so that a later session does not start paused; it ends here or after the call.
      if (state.resumeOnCancel) state.engine?.command({ type: "resume" });
      state.resumeOnCancel = false;
      state.engine?.stop(mode);
    },
    closeSummary() {
      live.current.engine?.closeSummary();
    },
  }));
  useEffect(() => {
    const state = live.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
      state.engine?.dispose();
    };
  }, []);

  // The recorder's pending call (ended, waiting for its disposition) drives the loop.
  const pending = disposition.pending;
  useEffect(() => {
    engine?.recorderChanged();
  }, [engine, pending, snap.session?.phase]);

  // Countdown clock.
  const counting = snap.session?.phase === "countdown" && snap.countdown.status === "running";
  useEffect(() => {
    if (!counting || !loaded) return;
    const { engine, runtime } = loaded;
    let last = Date.now();
    const id = window.setInterval(() => {
      const now = Date.now();
      engine.command({ type: "tick", now, elapsedMs: now - last });
      last = now;
    }, runtime.tickMs);
    return () => window.clearInterval(id);
  }, [counting, loaded]);

  // Keys while counting down (during the call the dialer and its prompt own them); typing in
  // any text field holds the countdown.
  const inCountdown = snap.session?.phase === "countdown";
  useEffect(() => {
    if (!inCountdown || !loaded) return;
    const { engine, runtime } = loaded;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const event = runtime.sessionKeyEvent(e.key, target, {
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        shortcuts: readStored(singleKeyShortcutsKey),
      });
      if (event?.type === "stop") {
        e.preventDefault();
        controls.askStop();
      } else if (event) {
        e.preventDefault();
        engine.command(event);
      } else if (runtime.isTextEntry(target)) engine.command({ type: "typing", now: Date.now() });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [inCountdown, loaded, controls]);

  return { ...snap, askingStop, engine: controls };
}

export type PowerDialSession = ReturnType<typeof usePowerDialSession>;
