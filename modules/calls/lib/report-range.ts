/**
 * A report range as the browser chose it. The browser sends ISO times with its own offset
 * ("2026-11-23T00:00:00.000+01:00"); the range comment and the file name write each end in the
 * offset it came with (a range across a daylight-saving change has two), so a download reads
 * exactly as the client-side export did (formatISO in the rep's time zone), whatever the
 * server's zone. Browser-safe.
 */
import { REPORT_TITLE, type ReportKind } from "@/modules/reports/lib/exports";

export type ReportRange = {
  start: Date;
  end: Date;
  /** The offsets from UTC each end was given in. */
  startOffset: number;
  endOffset: number;
};

/** "+01:00" -> 60, "-05:30" -> -330, "Z" -> 0. */
export function offsetMinutesOf(iso: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -minutes : minutes;
}

/**
 * The range a report covers, both ends inclusive (the calendar's day ends at 23:59:59.999).
 * An end given without fractional seconds covers that whole second, so "...T23:59:59+01:00"
 * (date-fns formatISO drops milliseconds) still includes a call at 23:59:59.500.
 */
export function reportRange(from: string, to: string): ReportRange {
  const end = new Date(to);
  const wholeSecond = !/\.\d+/.test(to);
  return {
    start: new Date(from),
    end: wholeSecond ? new Date(end.getTime() + 999) : end,
    startOffset: offsetMinutesOf(from),
    endOffset: offsetMinutesOf(to),
  };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** The wall-clock fields of `date` at a fixed offset from UTC. */
function fieldsAt(date: Date, offsetMinutes: number) {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  return {
    day: `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    hh: pad(local.getUTCHours()),
    mm: pad(local.getUTCMinutes()),
    ss: pad(local.getUTCSeconds()),
  };
}

/** formatISO's output at a given offset: "2026-11-23T00:00:00+01:00", "...Z" at UTC. */
export function formatIsoAt(date: Date, offsetMinutes: number): string {
  const f = fieldsAt(date, offsetMinutes);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const zone =
    offsetMinutes === 0
      ? "Z"
      : `${sign}${pad(Math.trunc(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${f.day}T${f.hh}:${f.mm}:${f.ss}${zone}`;
}

/** The range comment of modules/reports/lib/exports.ts, each end in the browser's offset for it. */
export function reportComment(kind: ReportKind, range: ReportRange): string {
  const { start, end, startOffset, endOffset } = range;
  return `${REPORT_TITLE[kind]} range: ${formatIsoAt(start, startOffset)} to ${formatIsoAt(end, endOffset)}`;
}

/** reportFileName of modules/reports/lib/exports.ts, in the browser's offset. */
export function reportFileNameAt(kind: ReportKind, range: ReportRange, withTime: boolean): string {
  const name = (d: Date, offset: number) => {
    const f = fieldsAt(d, offset);
    return withTime ? `${f.day}T${f.hh}${f.mm}` : f.day;
  };
  const from = name(range.start, range.startOffset);
  const to = name(range.end, range.endOffset);
  return from === to ? `${kind}_${from}.csv` : `${kind}_${from}_to_${to}.csv`;
}
