"use client";

import { businessContextOf } from "@/modules/calls/lib/business-context";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useCallDisposition, useDialerCommands } from "@/modules/dialer/components/dialer-provider";
import { ApiClientError } from "@/lib/client/api-client";
import { releasePlace, reservePlace } from "@/modules/power-dial/lib/api";
import { readStored, singleKeyShortcutsKey, writeStored } from "@/lib/client/storage";
import { powerDialSummariesKey } from "@/modules/power-dial/lib/storage-keys";
import type { CountdownEvent } from "@/modules/power-dial/lib/countdown";
import { initialCountdown } from "@/modules/power-dial/lib/countdown-state";
import type { SessionPlan } from "@/modules/power-dial/lib/plan";
import type { DialSettings } from "@/modules/power-dial/lib/schemas";
import type { Place } from "@/modules/places/lib/schemas";
import { dialableDigits } from "@/lib/format/phone";
import { wasReloaded } from "@/lib/client/navigation";
import { isTextEntry } from "@/lib/ui/text-entry";
import type {
  EngineDeps,
  EngineSnapshot,
  SavedRun,
  SessionEngine,
} from "@/modules/power-dial/lib/session-engine";
import { powerDialRunKey } from "@/modules/power-dial/lib/saved-run";
import type { Batch } from "@/modules/power-dial/lib/parallel-lines";
import type { RoundRules } from "@/modules/power-dial/lib/parallel-round";
import type { DialContext } from "@/modules/dialer/lib/types";

const storedMax = 50;

/**
 * What a running session needs in the browser (the engine, its tick and its keys). Its code loads
 * on first use, not with the Targets page: the preview's button calls this as it opens (so the
 * session starts at once), and `start` waits for it otherwise.
 */
export async function loadPowerDialRuntime() {
  const [{ createSessionEngine, tickMs }, { sessionKeyEvent }, parallel] = await Promise.all([
    import("../lib/session-engine"),
    import("../lib/countdown"),
    import("../lib/parallel-round"),
  ]);
  return { createSessionEngine, tickMs, sessionKeyEvent, parallel };
}
type Runtime = Awaited<ReturnType<typeof loadPowerDialRuntime>>;

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
export function usePowerDialSession({
  onOpenPlace,
  onClosePlace,
}: {
  onOpenPlace: (place: Place) => void;
  onClosePlace: () => void;
}) {
  const dialer = useDialerCommands();
  const disposition = useCallDisposition();
  // The parallel round under way (its lines, for the session bar), if any.
  const [round, setRound] = useState<Batch | null>(null);
  // The team's rules and rates as the last round read them (the bar shows them).
  const [rules, setRules] = useState<RoundRules | null>(null);
  const minRingMs = useRef<number | undefined>(undefined);
  const runtimeLoaded = useRef<Runtime | null>(null);
  const contextOf = (place: Place, includeClosed: boolean): DialContext => ({
    placeId: place.place_id,
    placeName: place.name.trim() || null,
    ...businessContextOf(place),
    powerDial: { includeClosed },
  });
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
    closePlace: onClosePlace,
    dial(place, { includeClosed }) {
      dialer.setMinimised(false);
      dialer.dial(dialableDigits(place.phone) ?? "", contextOf(place, includeClosed));
    },
    async linesFor(chosen) {
      const now = await runtimeLoaded.current!.parallel.roundRules(chosen);
      minRingMs.current = now.minRingSeconds * 1000;
      setRules(now);
      return now.lines;
    },
    // The runtime is loaded before the engine exists (`withEngine`), so before any round.
    dialBatch: (places, { includeClosed }, connected) => {
      const { parallel } = runtimeLoaded.current!;
      const numberOf = (place: Place) => dialableDigits(place.phone) ?? "";
      const lineContext = (place: Place): DialContext => ({
        ...contextOf(place, includeClosed),
        powerDial: { includeClosed, parallel: true },
      });
      const batch = parallel.runParallelBatch(places, {
        placeLine: (place) => dialer.placeLine(numberOf(place), lineContext(place)),
        contextOf: lineContext,
        numberOf,
        tap: parallel.tapAudio,
        audio: parallel.webAudio,
        voicemail: parallel.defaultVoicemail,
        abandonMessage: parallel.abandonmentMessage,
        // Read when a person answers: the rep's call and outcome as they are then.
        canConnect: () => {
          const now = latestDeps.current();
          return !now.isCallActive() && now.pending() === null;
        },
        connect(place, _line, context) {
          connected(place);
          dialer.setMinimised(false);
          dialer.dial(numberOf(place), context);
        },
        record: disposition.recordElsewhere,
        newCallId: () => crypto.randomUUID(),
        now: () => Date.now(),
        minRingMs: minRingMs.current,
      });
      setRound(batch);
      return batch;
    },
    hangUp: dialer.hangUp,
    isCallActive: dialer.isCallActive,
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
  // Stop (the bar's button, Escape in the countdown) asks first; a countdown holds
  // while the question is open.
  const [askingStop, setAskingStop] = useState(false);
  // A session a reload interrupted, offered back; a new visit starts clean.
  // (This hook runs only in the browser: the Targets runtime that holds it loads there.)
  const [resumable, setResumable] = useState<SavedRun | null>(() => {
    const saved = readStored(powerDialRunKey);
    if (saved && wasReloaded()) return saved;
    if (saved) writeStored(powerDialRunKey, null);
    return null;
  });
  const [controls] = useState(() => {
    /** The engine, created on first use (its code loads with the preview or the resume offer). */
    const withEngine = (act: (engine: SessionEngine) => void) =>
      void loadPowerDialRuntime().then((runtime) => {
        const state = live.current;
        if (!state.mounted) return;
        runtimeLoaded.current = runtime;
        if (!state.engine) {
          const engine = runtime.createSessionEngine(latestDeps.current());
          state.engine = engine;
          setLoaded({ engine, runtime });
          engine.subscribe(keepForReload(engine));
        }
        act(state.engine);
      });
    return {
      start(plan: SessionPlan, settings: DialSettings, lines = 1) {
        withEngine((engine) => engine.start(plan, settings, lines));
      },
      resume(saved: SavedRun) {
        setResumable(null);
        withEngine((engine) => engine.resume(saved));
      },
      /** The rep declined the offer: the business held for it is let go (unless a call is owed). */
      discard(saved: SavedRun) {
        setResumable(null);
        writeStored(powerDialRunKey, null);
        if (saved.reserved && !saved.callId) void releasePlace(saved.reserved).catch(() => {});
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
    };
  });
  useEffect(() => {
    const state = live.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
      state.engine?.dispose();
      // Leaving the page ends the session (a reload does not unmount: it stays to be resumed).
      writeStored(powerDialRunKey, null);
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
      } else if (isTextEntry(target)) engine.command({ type: "typing", now: Date.now() });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [inCountdown, loaded, controls]);

  return {
    ...snap,
    askingStop,
    resumable,
    engine: controls,
    round: snap.session ? round : null,
    rules: snap.session ? rules : null,
  };
}

/**
 * Keeps the running session in the tab's storage as it moves (not on every countdown tick: only
 * when the business, the phase or a figure changes), and clears it when the session ends.
 */
function keepForReload(engine: SessionEngine) {
  let last = "";
  return () => {
    const saved = engine.saved();
    const mark = saved
      ? [
          saved.index,
          saved.phase,
          saved.calls.length,
          saved.skipped,
          saved.reserved,
          saved.callId,
        ].join("|")
      : "";
    if (mark === last) return;
    last = mark;
    writeStored(powerDialRunKey, saved);
  };
}

export type PowerDialSession = ReturnType<typeof usePowerDialSession>;
