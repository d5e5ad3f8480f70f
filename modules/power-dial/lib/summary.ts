import {
  DISPOSITIONS,
  DISPOSITION_FLAGS,
  type Disposition,
} from "@/modules/calls/lib/dispositions";

// The summary at the end of a power-dial session: dials, conversations (the calls-server
// disposition flag), talk time, dispositions and time per dial (the session's wall time over its
// dials, so it includes ringing, talking, note taking and the countdown). Pure, browser-safe;
// the session keeps today's summaries in browser storage.

export type SessionCall = {
  placeId: string;
  disposition: Disposition | null;
  talkSeconds: number;
  /** A parallel line a person answered while the rep was taken (abandoned), or one they had. */
  line?: "abandoned" | "person";
};

export type SessionSummary = {
  startedAt: string;
  endedAt: string;
  dials: number;
  conversations: number;
  talkSeconds: number;
  /** Dispositions in the prompt's order; calls left undisposed count under `undisposed`. */
  dispositions: Partial<Record<Disposition, number>>;
  undisposed: number;
  /**
   * The session's count of what it queued adds up: `queued` = `dials` + `skipped` (passed over
   * during the session: Skip, a colleague took it first, the dialer refused the number) +
   * `notDialed` (the session stopped before it). `leftOut` are the preview's skips (closed, no
   * phone, do-not-call...), never queued.
   */
  queued: number;
  skipped: number;
  notDialed: number;
  leftOut: number;
  /** Wall-clock seconds per dial, null without dials. */
  secondsPerDial: number | null;
  /**
   * Parallel dialing: calls a person answered in this session and how many of them were
   * abandoned (the session's own rate; the team's rates are the server's). Absent in sessions
   * of one line, and in summaries kept before it was counted.
   */
  answeredByPerson?: number;
  abandoned?: number;
};

export function summarise(
  calls: readonly SessionCall[],
  opts: { startedAt: Date; endedAt: Date; queued: number; skipped: number; leftOut: number },
): SessionSummary {
  const dispositions: Partial<Record<Disposition, number>> = {};
  let conversations = 0;
  let talkSeconds = 0;
  let undisposed = 0;
  let answeredByPerson = 0;
  let abandoned = 0;
  for (const c of calls) {
    if (c.line) answeredByPerson++;
    if (c.line === "abandoned") abandoned++;
    talkSeconds += Math.max(0, Math.round(c.talkSeconds));
    if (!c.disposition) {
      undisposed++;
      continue;
    }
    dispositions[c.disposition] = (dispositions[c.disposition] ?? 0) + 1;
    if (DISPOSITION_FLAGS[c.disposition].conversation) conversations++;
  }
  const ordered: Partial<Record<Disposition, number>> = {};
  for (const d of DISPOSITIONS) if (dispositions[d]) ordered[d] = dispositions[d];
  const wallSeconds = Math.max(0, (opts.endedAt.getTime() - opts.startedAt.getTime()) / 1000);
  return {
    startedAt: opts.startedAt.toISOString(),
    endedAt: opts.endedAt.toISOString(),
    dials: calls.length,
    conversations,
    talkSeconds,
    dispositions: ordered,
    undisposed,
    queued: opts.queued,
    skipped: opts.skipped,
    notDialed: Math.max(0, opts.queued - calls.length - opts.skipped),
    leftOut: opts.leftOut,
    secondsPerDial: calls.length ? Math.round((wallSeconds / calls.length) * 10) / 10 : null,
    ...(answeredByPerson ? { answeredByPerson, abandoned } : {}),
  };
}

/** Summaries of the rep's local day only (the storage keeps "today's sessions"). */
export function todaysSummaries(all: readonly SessionSummary[], now: Date): SessionSummary[] {
  const day = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  const today = day(now);
  return all.filter((s) => day(new Date(s.startedAt)) === today);
}
