import { createAmdDetector, type AmdDecision } from "@/modules/dialer/lib/amd/detector";
import { DEFAULT_AMD_SETTINGS, type AmdSettings } from "@/modules/dialer/lib/amd/settings";
import { createVoicemailCue } from "@/modules/dialer/lib/amd/voicemail-cue";
import type { AudioTap, TapAudio } from "@/modules/dialer/lib/amd/audio-tap";
import type { BackgroundLine, LineEvent } from "@/modules/dialer/lib/transport";
import type { CallDetection, CallRecord, DialContext } from "@/modules/dialer/lib/types";
import type { Disposition } from "@/modules/calls/lib/dispositions";
import type { DropAudio } from "@/modules/voicemail/lib/browser/drop";
import type { Place } from "@/modules/places/lib/schemas";

// One round of parallel dialing: a call to each of up to five businesses at once,
// none heard by the rep. Each answered line is listened to by the answering-machine detector
// (modules/dialer/lib/amd). The first person goes to the rep (`connect`: the dialer adopts the
// line, the drawer shows the business); a person answering while the rep is taken hears the
// team's abandonment message and is recorded as abandoned; a machine gets the rep's default
// voicemail after its beep; a line nobody answers rings `noAnswerMs`, and one still ringing once
// the rep has a call is let go only after `minRingMs` (the TSR's 15 seconds, 16 CFR
// 310.4(b)(1)(v)). Every line but the adopted one is recorded here; the adopted one is the
// dialer's call like any other.

/** An unanswered line rings at least this long before it is given up (TSR: 15 s or 4 rings). */
export const MIN_RING_MS = 15_000;
/** A line nobody answers is given up after this long. */
export const NO_ANSWER_MS = 25_000;
/** After a machine decision, how long its beep (or silence) may take. */
export const BEEP_WAIT_MS = 20_000;

export type LinePhase =
  | "dialing"
  | "ringing"
  | "listening"
  | "connected"
  | "waiting-for-beep"
  | "leaving-voicemail"
  | "abandoning"
  | "ended";

/** What a line ended as, for its record, the session's counts and the rep's view. */
export type LineResult =
  "connected" | "voicemail" | "machine" | "abandoned" | "no-answer" | "busy-or-failed" | "refused";

export type LineView = {
  placeId: string;
  name: string;
  phase: LinePhase;
  result: LineResult | null;
};

export type BatchResult = {
  /** The business handed to the rep, if any. */
  connected: Place | null;
  /** Each line not handed to the rep, with its result (`refused`: never placed). */
  lines: { place: Place; result: LineResult; disposition: Disposition | null }[];
};

export type BatchDeps = {
  placeLine(place: Place): Promise<BackgroundLine>;
  contextOf(place: Place): DialContext;
  numberOf(place: Place): string;
  tap: TapAudio;
  audio(): DropAudio;
  /** The rep's default voicemail, and the team's abandonment message (null: none). */
  voicemail(): Promise<ArrayBuffer | null>;
  abandonMessage(): Promise<ArrayBuffer | null>;
  /** Whether the rep can take a call now (no call of theirs, no outcome owed). */
  canConnect(): boolean;
  /** Hands the line to the rep (the dialer adopts it). */
  connect(place: Place, line: BackgroundLine, context: DialContext): void;
  /** Keeps the record of a line the rep never had. */
  record(record: CallRecord, disposition: Disposition | null): void;
  newCallId(): string;
  now(): number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  settings?: AmdSettings;
  minRingMs?: number;
  noAnswerMs?: number;
  beepWaitMs?: number;
};

export type Batch = {
  lines(): LineView[];
  subscribe(listener: () => void): () => void;
  /** Every line's end (the adopted one's hand-over counts as its end). */
  done: Promise<BatchResult>;
  /** The rep stops: every line not handed over is hung up now. */
  stop(): void;
};

type Line = {
  place: Place;
  view: LineView;
  line: BackgroundLine | null;
  placedAt: number;
  ringingAt: number | null;
  answeredAt: number | null;
  tap: AudioTap | null;
  decision: CallDetection | null;
  playing: { stop(): void; audio: DropAudio } | null;
  timers: unknown[];
  resolve: () => void;
};

export function runParallelBatch(places: Place[], deps: BatchDeps): Batch {
  const later = deps.setTimeout ?? ((run, ms) => setTimeout(run, ms));
  const cancel = deps.clearTimeout ?? ((handle) => clearTimeout(handle as number));
  const settings = deps.settings ?? DEFAULT_AMD_SETTINGS;
  const minRingMs = deps.minRingMs ?? MIN_RING_MS;
  const listeners = new Set<() => void>();
  const settledLines: Promise<void>[] = [];
  let stopped = false;
  let connected: Place | null = null;
  const results: BatchResult["lines"] = [];
  // The lines as last shown: a new array only when one changed (React's external-store reads).
  let views: LineView[] = [];
  const changed = () => {
    views = all.map((line) => line.view);
    listeners.forEach((listener) => listener());
  };
  // The abandonment message is fetched once, at the start: it must play within 2 s.
  const abandonAudio = deps.abandonMessage().catch(() => null);
  const voicemailAudio = deps.voicemail().catch(() => null);

  const set = (line: Line, phase: LinePhase, result: LineResult | null = line.view.result) => {
    line.view = { ...line.view, phase, result };
    changed();
  };
  const clearTimers = (line: Line) => {
    line.timers.forEach((timer) => cancel(timer));
    line.timers = [];
  };
  const stopAudio = (line: Line) => {
    line.tap?.stop();
    line.tap = null;
    if (line.playing) {
      line.playing.stop();
      line.playing.audio.close();
    }
    line.playing = null;
  };
  /** The line is over: its record (unless the rep has it), and its result. */
  const over = (line: Line, result: LineResult, end: Extract<LineEvent, { type: "ended" }>) => {
    clearTimers(line);
    stopAudio(line);
    if (line.view.phase === "ended") return;
    set(line, "ended", result);
    const disposition: Disposition | null =
      result === "voicemail" ? "voicemail" : result === "no-answer" ? "no_answer" : null;
    results.push({ place: line.place, result, disposition });
    // Refused by the server (the do-not-call list, its calling window...): never placed.
    if (result === "refused") return line.resolve();
    const now = deps.now();
    deps.record(
      {
        id: deps.newCallId(),
        number: deps.numberOf(line.place),
        direction: "outbound",
        context: deps.contextOf(line.place),
        startedAt: line.placedAt,
        connectedAt: line.answeredAt,
        endedAt: now,
        endReason: end.answered && result !== "no-answer" ? "local" : "remote",
        outcome: end.outcome,
        sipStatus: end.sipStatus,
        quality: null,
        detection: line.decision,
        abandoned: result === "abandoned" || undefined,
      },
      disposition,
    );
    line.resolve();
  };
  /** Why a line ends when it does: what it was doing decides. */
  const resultOf = (line: Line, end: Extract<LineEvent, { type: "ended" }>): LineResult => {
    if (line.view.result) return line.view.result;
    if (!end.answered)
      return end.outcome === "no-answer" || end.outcome === "cancelled"
        ? "no-answer"
        : "busy-or-failed";
    if (line.decision?.verdict === "machine") return "machine";
    return "abandoned";
  };

  /** Plays `bytes` on the line, then hangs it up as `result`. */
  const play = async (line: Line, bytes: ArrayBuffer | null, result: LineResult) => {
    const session = line.line;
    if (!session) return;
    if (!bytes) {
      line.view = { ...line.view, result };
      return session.hangUp();
    }
    const audio = deps.audio();
    try {
      const buffer = await audio.decode(bytes.slice(0));
      if (line.view.phase === "ended") return audio.close();
      const played = audio.play(buffer, () => {
        line.view = { ...line.view, result };
        // The far end's jitter buffer still holds the last words.
        line.timers.push(later(() => session.hangUp(), 300));
      });
      line.playing = { stop: played.stop, audio };
      await session.send(played.track);
    } catch {
      audio.close();
      line.view = { ...line.view, result };
      session.hangUp();
    }
  };

  const onDecision = (line: Line, decision: AmdDecision) => {
    line.decision = {
      verdict: decision.verdict,
      cause: decision.cause,
      atMs: Math.round(decision.atMs),
      overridden: false,
      automaticVoicemail: false,
    };
    const session = line.line!;
    if (decision.verdict === "machine") {
      if (decision.cause === "fax") {
        line.view = { ...line.view, result: "machine" };
        return session.hangUp();
      }
      set(line, "waiting-for-beep");
      line.timers.push(
        later(() => {
          line.view = { ...line.view, result: "machine" };
          session.hangUp();
        }, deps.beepWaitMs ?? BEEP_WAIT_MS),
      );
      return;
    }
    // A person (or a line the detector is unsure of): the rep's, if the rep is free.
    line.tap?.stop();
    line.tap = null;
    if (!connected && deps.canConnect()) {
      connected = line.place;
      clearTimers(line);
      set(line, "connected", "connected");
      deps.connect(line.place, session, {
        ...deps.contextOf(line.place),
        line: { id: session.id, startedAt: line.placedAt, detection: line.decision },
      });
      line.resolve();
      for (const other of all) if (other !== line) letGoOnceRung(other);
      return;
    }
    set(line, "abandoning");
    void abandonAudio.then((bytes) => play(line, bytes, "abandoned"));
  };

  /** The rep has a call: a line still ringing is given up once it has rung `minRingMs`. */
  const letGoOnceRung = (line: Line) => {
    if (line.view.phase !== "dialing" && line.view.phase !== "ringing") return;
    const since = line.ringingAt ?? line.placedAt;
    const wait = Math.max(0, since + minRingMs - deps.now());
    line.timers.push(
      later(() => {
        if (line.view.phase !== "dialing" && line.view.phase !== "ringing") return;
        line.view = { ...line.view, result: "no-answer" };
        line.line?.hangUp();
      }, wait),
    );
  };

  const listen = async (line: Line) => {
    const session = line.line!;
    const track = session.received();
    if (!track) return onDecision(line, unsure);
    set(line, "listening");
    let detector: ReturnType<typeof createAmdDetector> | null = null;
    let cue: ReturnType<typeof createVoicemailCue> | null = null;
    try {
      const tap = await deps.tap(track, (samples) => {
        if (!detector || !cue || line.view.phase === "ended") return;
        const ready = cue.push(samples);
        if (!line.decision) {
          const decision = detector.push(samples);
          if (decision) onDecision(line, decision);
        }
        if (ready && line.view.phase === "waiting-for-beep") {
          line.tap?.stop();
          line.tap = null;
          clearTimers(line);
          set(line, "leaving-voicemail");
          if (line.decision) line.decision = { ...line.decision, automaticVoicemail: true };
          void voicemailAudio.then((bytes) => play(line, bytes, bytes ? "voicemail" : "machine"));
        }
      });
      if (line.view.phase === "ended") return tap.stop();
      line.tap = tap;
      detector = createAmdDetector(tap.sampleRate, settings);
      cue = createVoicemailCue(tap.sampleRate, settings);
    } catch {
      onDecision(line, unsure);
    }
  };

  const all: Line[] = places.map((place) => {
    let resolve = () => {};
    const settled = new Promise<void>((r) => (resolve = r));
    const line: Line = {
      place,
      view: { placeId: place.place_id, name: place.name, phase: "dialing", result: null },
      line: null,
      placedAt: deps.now(),
      ringingAt: null,
      answeredAt: null,
      tap: null,
      decision: null,
      playing: null,
      timers: [],
      resolve,
    };
    settledLines.push(settled);
    return line;
  });

  views = all.map((line) => line.view);
  for (const line of all) {
    deps
      .placeLine(line.place)
      .then((session) => {
        line.line = session;
        line.placedAt = deps.now();
        if (stopped) return session.hangUp();
        session.subscribe((event) => {
          if (event.type === "ringing") {
            line.ringingAt = deps.now();
            if (line.view.phase === "dialing") set(line, "ringing");
            if (connected) letGoOnceRung(line);
          } else if (event.type === "answered") {
            clearTimers(line);
            line.answeredAt = deps.now();
            void listen(line);
          } else if (line.view.phase !== "connected") {
            over(line, resultOf(line, event), event);
          }
        });
        line.timers.push(
          later(() => {
            if (line.view.phase !== "dialing" && line.view.phase !== "ringing") return;
            line.view = { ...line.view, result: "no-answer" };
            session.hangUp();
          }, deps.noAnswerMs ?? NO_ANSWER_MS),
        );
        if (connected) letGoOnceRung(line);
      })
      .catch(() => over(line, "refused", refusedEnd));
  }

  return {
    lines: () => views,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    done: Promise.all(settledLines).then(() => ({ connected, lines: results })),
    stop() {
      stopped = true;
      for (const line of all) {
        if (line.view.phase === "connected" || line.view.phase === "ended") continue;
        line.line?.hangUp();
      }
    },
  };
}

/** No audio to judge by (no Web Audio): treated as a person, as the single-line dialer does. */
const unsure: AmdDecision = { verdict: "unknown", cause: "silence", atMs: 0, words: 0, voiceMs: 0 };

const refusedEnd: Extract<LineEvent, { type: "ended" }> = {
  type: "ended",
  answered: false,
  outcome: "cancelled",
  sipStatus: null,
};
