import {
  countdownReducer,
  initialCountdown,
  type CountdownEvent,
  type CountdownState,
} from "./countdown";
import type { SessionPlan } from "./plan";
import type { DialSettings } from "./schemas";
import { summarise, type SessionCall, type SessionSummary } from "./summary";
import type { Place } from "@/modules/places/lib/schemas";
import type { BatchResult } from "./parallel-lines";

// The running power-dial session as a small store outside React. It drives the dialer
// only through its public commands and state (passed in as `deps`), so it works with the
// simulated transport and with a real one: reserve the business (a colleague's 409 skips it),
// open the drawer on it, dial, wait for the call to end and for the rep's disposition, then
// count down to the next business.

/** How often the page ticks the countdown (the hook and the benchmark use it). */
export const tickMs = 200;

/**
 * How long a dial may take to show in the dialer (its do-not-call check asks the server first)
 * before the session takes it as refused (the number went on the list after the preview, or the
 * dialer was busy) and moves on by itself.
 */
export const refusedAfterMs = 5_000;

export type SessionPhase = "reserving" | "calling" | "countdown";

export type RunningSession = {
  places: Place[];
  /** Index of the current (calling) or upcoming (countdown) business. */
  index: number;
  phase: SessionPhase;
};

export type EngineSnapshot = {
  session: RunningSession | null;
  countdown: CountdownState;
  summary: SessionSummary | null;
  /** The rep asked to stop once the current call and its outcome are done. */
  stopping: boolean;
};

export type EnginePending = { callId: string; placeId: string | null } | null;
export type EngineAnswered = {
  callId: string;
  disposition: SessionCall["disposition"];
  talkSeconds: number | null;
} | null;

export type EngineDeps = {
  reserve(placeId: string): Promise<"ok" | "taken">;
  release(placeId: string): void;
  openPlace(place: Place): void;
  /** Closes the drawer the session opened (a business it stopped before dialing). */
  closePlace(): void;
  /** `includeClosed`: the server may dial it outside its calling window (the rep's choice). */
  dial(place: Place, options: { includeClosed: boolean }): void;
  hangUp(): void;
  isCallActive(): boolean;
  pending(): EnginePending;
  lastAnswered(): EngineAnswered;
  onSummary(summary: SessionSummary): void;
  now(): number;
  /**
   * Parallel dialing: calls `places` at once (parallel-lines.ts); `connected` when one is handed
   * to the rep. Absent without a real line (the session then dials one at a time).
   */
  dialBatch?(
    places: Place[],
    options: { includeClosed: boolean },
    connected: (place: Place) => void,
  ): { done: Promise<BatchResult>; stop(): void };
  /**
   * The lines the next round may use of the `chosen` ones (the team's abandonment rates and the
   * edge's limit, pacing.ts); one when it cannot tell.
   */
  linesFor?(chosen: number): Promise<number>;
};

/**
 * What a reload needs to resume a session where it was: the businesses, the current
 * one and its phase, the figures so far, and the reservation and call in hand.
 */
export type SavedRun = {
  places: Place[];
  index: number;
  phase: SessionPhase;
  startedAt: number;
  countdownMs: number;
  calls: SessionCall[];
  queued: number;
  skipped: number;
  leftOut: number;
  reserved: string | null;
  callId: string | null;
};

/** `deps` can be replaced (connect) as the dialer's state changes; the engine reads them when it acts. */
export function createSessionEngine(initialDeps: EngineDeps) {
  let deps = initialDeps;
  let snap: EngineSnapshot = {
    session: null,
    countdown: initialCountdown,
    summary: null,
    stopping: false,
  };
  const listeners = new Set<() => void>();
  let run: {
    startedAt: number;
    countdownMs: number;
    calls: SessionCall[];
    queued: number;
    skipped: number;
    leftOut: number;
    reserved: string | null;
    callId: string | null;
    stopAfterCall: boolean;
    includeClosed: boolean;
    /** Lines a round dials at once (1: one business at a time). */
    lines: number;
    /** The parallel round under way: where the next one starts, and whether its lines are over. */
    batch: { end: number; done: boolean; stop(): void } | null;
    /** The current call is a parallel line a person answered (the summary's rate counts it). */
    personLine: boolean;
  } | null = null;

  // The watch on the current dial (see refusedAfterMs).
  let refusalWatch: ReturnType<typeof setTimeout> | null = null;
  const stopWatch = () => {
    if (refusalWatch) clearTimeout(refusalWatch);
    refusalWatch = null;
  };

  const set = (next: Partial<EngineSnapshot>) => {
    snap = { ...snap, ...next };
    listeners.forEach((l) => l());
  };

  const finish = () => {
    const r = run;
    if (!r) return;
    run = null;
    // Stopped in a countdown (or while reserving), the drawer shows the next business, which
    // the session will never dial: it closes with the session. After a call it stays on the
    // business just called, whose outcome the rep may still be reading.
    if (snap.session && snap.session.phase !== "calling") deps.closePlace();
    stopWatch();
    if (r.reserved && !r.callId) deps.release(r.reserved);
    r.batch?.stop();
    const summary = summarise(r.calls, {
      startedAt: new Date(r.startedAt),
      endedAt: new Date(deps.now()),
      queued: r.queued,
      skipped: r.skipped,
      leftOut: r.leftOut,
    });
    deps.onSummary(summary);
    set({
      session: null,
      summary,
      stopping: false,
      countdown: countdownReducer(snap.countdown, { type: "resume" }),
    });
  };

  /** After the current business (or parallel round): the next, or the end. */
  const advance = (session: RunningSession) => {
    const r = run!;
    const next = r.batch ? r.batch.end : session.index + 1;
    r.batch = null;
    if (r.stopAfterCall || next >= session.places.length) finish();
    else startCountdown(session, next);
  };

  /** A parallel round: reserve up to `lines` businesses from `index`, then call them at once. */
  const dialRound = async (places: Place[], index: number, dialBatch: DialBatch) => {
    const r = run!;
    set({ session: { places, index, phase: "reserving" } });
    const lines = deps.linesFor ? await deps.linesFor(r.lines).catch(() => 1) : r.lines;
    if (run !== r) return;
    const round: Place[] = [];
    let end = index;
    while (round.length < lines && end < places.length) {
      const place = places[end++];
      let outcome: "ok" | "taken";
      try {
        outcome = await deps.reserve(place.place_id);
      } catch {
        outcome = "taken";
      }
      if (run !== r) {
        if (outcome === "ok") deps.release(place.place_id);
        round.forEach((p) => deps.release(p.place_id));
        return;
      }
      if (outcome === "taken") r.skipped++;
      else round.push(place);
    }
    if (round.length === 0) return end >= places.length ? finish() : dialAt(places, end);
    const session: RunningSession = { places, index, phase: "calling" };
    set({ session });
    const handle = dialBatch(round, { includeClosed: r.includeClosed }, (place) => {
      if (run !== r) return;
      const at = places.findIndex((p) => p.place_id === place.place_id);
      r.reserved = place.place_id;
      r.callId = null;
      set({ session: { places, index: at, phase: "calling" } });
      deps.openPlace(place);
      r.personLine = true;
    });
    // Stopped mid-round, the round's businesses keep their reservations until they expire, as a
    // business a one-line session called does.
    const batch = { end, done: false, stop: handle.stop };
    r.batch = batch;
    const result = await handle.done;
    if (run !== r || r.batch !== batch) return;
    batch.done = true;
    for (const line of result.lines) {
      deps.release(line.place.place_id);
      if (line.result === "refused") r.skipped++;
      else
        r.calls.push({
          placeId: line.place.place_id,
          disposition: line.disposition,
          talkSeconds: 0,
          ...(line.result === "abandoned" ? { line: "abandoned" as const } : {}),
        });
    }
    // Nobody for the rep: the next round. Otherwise it follows the rep's call's outcome.
    if (!result.connected) return advance(snap.session ?? session);
    const current = snap.session;
    if (current && !r.callId && !deps.isCallActive() && !deps.pending()) advance(current);
  };

  const dialAt = async (places: Place[], index: number): Promise<void> => {
    const r = run;
    if (!r) return;
    if (index >= places.length) return finish();
    if (r.lines > 1 && deps.dialBatch) return dialRound(places, index, deps.dialBatch);
    const place = places[index];
    set({ session: { places, index, phase: "reserving" } });
    let outcome: "ok" | "taken";
    try {
      outcome = await deps.reserve(place.place_id);
    } catch {
      outcome = "taken";
    }
    if (run !== r) {
      if (outcome === "ok") deps.release(place.place_id);
      return;
    }
    if (outcome === "taken") {
      r.skipped++;
      return dialAt(places, index + 1);
    }
    r.reserved = place.place_id;
    r.callId = null;
    set({ session: { places, index, phase: "calling" } });
    deps.openPlace(place);
    deps.dial(place, { includeClosed: run?.includeClosed ?? false });
    stopWatch();
    refusalWatch = setTimeout(() => {
      refusalWatch = null;
      const session = snap.session;
      if (run !== r || session?.index !== index || session.phase !== "calling") return;
      if (r.callId || deps.isCallActive() || deps.pending()) return;
      skipUndialed(session);
    }, refusedAfterMs);
  };

  /** The current business was never called (the dialer refused it, or Skip): the next one. */
  const skipUndialed = (session: RunningSession) => {
    const r = run!;
    stopWatch();
    if (r.reserved) deps.release(r.reserved);
    r.reserved = null;
    r.skipped++;
    if (r.stopAfterCall) return finish();
    void dialAt(session.places, session.index + 1);
  };

  /** The countdown to `index`: its business opens in the drawer now, as preparation time. */
  const startCountdown = (session: RunningSession, index: number) => {
    const r = run!;
    deps.openPlace(session.places[index]);
    set({
      session: { ...session, index, phase: "countdown" },
      countdown: countdownReducer(snap.countdown, { type: "start", durationMs: r.countdownMs }),
    });
  };

  const countdown = (event: CountdownEvent) => {
    const next = countdownReducer(snap.countdown, event);
    if (next === snap.countdown) return;
    set({ countdown: next });
    const session = snap.session;
    const r = run;
    if (!session || !r || session.phase !== "countdown") return;
    if (next.status === "expired") void dialAt(session.places, session.index);
    else if (next.status === "skipped") {
      r.skipped++;
      if (session.index + 1 >= session.places.length) finish();
      else startCountdown(session, session.index + 1);
    } else if (next.status === "stopped") finish();
  };

  return {
    getSnapshot: () => snap,
    connect(next: EngineDeps) {
      deps = next;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(plan: SessionPlan, settings: DialSettings, lines = 1) {
      if (run) return;
      run = {
        startedAt: deps.now(),
        countdownMs: settings.countdownSeconds * 1000,
        calls: [],
        queued: plan.toDial.length,
        skipped: 0,
        leftOut: plan.total - plan.toDial.length,
        reserved: null,
        callId: null,
        stopAfterCall: false,
        includeClosed: plan.includeClosed ?? false,
        lines: Math.max(1, Math.min(5, Math.floor(lines))),
        batch: null,
        personLine: false,
      };
      set({ summary: null, stopping: false });
      void dialAt(plan.toDial, 0);
    },
    /** The dialer's recorder changed: a call ended (pending) or its prompt was answered. */
    recorderChanged() {
      const r = run;
      const session = snap.session;
      if (!r || !session || session.phase !== "calling") return;
      const place = session.places[session.index];
      const pending = deps.pending();
      if (pending) {
        if (pending.placeId === place.place_id) r.callId = pending.callId;
        return;
      }
      if (!r.callId) return;
      const answered = deps.lastAnswered();
      if (answered?.callId !== r.callId) return;
      r.calls.push({
        placeId: place.place_id,
        disposition: answered.disposition,
        talkSeconds: answered.talkSeconds ?? 0,
        ...(r.personLine ? { line: "person" as const } : {}),
      });
      r.personLine = false;
      r.reserved = null;
      r.callId = null;
      // A parallel round still has lines leaving voicemails: the next waits for them.
      if (r.batch && !r.batch.done) return;
      advance(session);
    },
    /**
     * The rep confirmed Stop. Between calls the session ends at once. During a call,
     * "afterCall" lets it run; "now" ends it; either way the session ends once the call's outcome
     * is answered or skipped, so the call counts among the dials with its outcome and talk time.
     */
    stop(mode: "now" | "afterCall") {
      const r = run;
      const session = snap.session;
      if (!r || !session) return;
      const inCall =
        session.phase === "calling" &&
        (r.callId !== null || deps.isCallActive() || deps.pending() !== null);
      if (!inCall) return finish();
      r.stopAfterCall = true;
      set({ stopping: true });
      if (mode === "now") r.batch?.stop();
      if (mode === "now" && deps.isCallActive()) deps.hangUp();
    },
    /** Buttons, keys, ticks, hover and typing. */
    command(event: CountdownEvent) {
      const session = snap.session;
      const r = run;
      if (!session || !r) return;
      if (session.phase === "countdown") return countdown(event);
      switch (event.type) {
        case "pause":
        case "resume":
        case "togglePause":
        case "hover":
        case "typing":
          // Held over to the next countdown.
          set({ countdown: countdownReducer(snap.countdown, event) });
          return;
        case "stop":
          return finish();
        case "skip":
          if (session.phase !== "calling") return;
          // During a call Skip ends it (the disposition prompt follows); with no call (the
          // dialer refused the number) move on.
          if (deps.isCallActive()) return deps.hangUp();
          // A parallel round nobody took yet: its lines end, then the next round.
          if (r.batch && !r.batch.done) return r.batch.stop();
          if (!deps.pending()) skipUndialed(session);
          return;
        default:
          return;
      }
    },
    closeSummary: () => set({ summary: null }),
    /** The running session as a reload would resume it; null when none runs. */
    saved(): SavedRun | null {
      const r = run;
      const session = snap.session;
      if (!r || !session) return null;
      return {
        places: session.places,
        index: session.index,
        phase: session.phase,
        startedAt: r.startedAt,
        countdownMs: r.countdownMs,
        calls: r.calls,
        queued: r.queued,
        skipped: r.skipped,
        leftOut: r.leftOut,
        reserved: r.reserved,
        callId: r.callId,
      };
    },
    /**
     * Resumes a session saved before a reload. A call whose outcome is still owed
     * (the dialer asks for it again after the reload) is waited for, then the session moves on;
     * otherwise it counts down to the business it was on, which the rep can skip.
     */
    resume(saved: SavedRun) {
      if (run || saved.index >= saved.places.length) return;
      const place = saved.places[saved.index];
      const pending = deps.pending();
      const owed =
        saved.phase === "calling" && pending !== null && pending.placeId === place.place_id;
      run = {
        startedAt: saved.startedAt,
        countdownMs: saved.countdownMs,
        calls: [...saved.calls],
        queued: saved.queued,
        skipped: saved.skipped,
        leftOut: saved.leftOut,
        // Without an owed call the business is reserved again when it is dialed.
        reserved: owed ? saved.reserved : null,
        callId: owed ? pending.callId : null,
        stopAfterCall: false,
        // Not kept across a reload: a resumed session is held to the calling windows, one line
        // at a time (the lines of a round end with the page).
        includeClosed: false,
        lines: 1,
        batch: null,
        personLine: false,
      };
      if (!owed && saved.reserved) deps.release(saved.reserved);
      set({ summary: null, stopping: false });
      const session: RunningSession = {
        places: saved.places,
        index: saved.index,
        phase: "calling",
      };
      if (owed) set({ session });
      else startCountdown(session, saved.index);
    },
    /** Leaving the page: release a reservation that was not called. */
    dispose() {
      stopWatch();
      if (run?.reserved && !run.callId) deps.release(run.reserved);
      run = null;
    },
  };
}

export type SessionEngine = ReturnType<typeof createSessionEngine>;

type DialBatch = NonNullable<EngineDeps["dialBatch"]>;
