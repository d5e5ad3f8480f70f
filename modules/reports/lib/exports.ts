/**
 * The three CSV exports (spec section 3 "CSV formats") and their file names. Report exports hold
 * a comment line with the range and the header row only: the spec has no report data yet.
 * Times in the files are ISO 8601 so any spreadsheet or script reads them unambiguously.
 */
import { format, formatISO } from "date-fns";
import { writeCsv } from "@/modules/reports/lib/csv";
import type { SampleCall } from "@/lib/sample/calls";

/**
 * The spec's six columns first, in its order, then the rep's outcome of the call, the business
 * and the rep's note: a sheet or script reading the spec's columns by position reads them as
 * before. Numbers are E.164 wherever the call knows the number's country.
 */
export const CALL_HEADER = [
  "id",
  "dialed",
  "originating",
  "agent",
  "duration_seconds",
  "timestamp",
  "disposition",
  "business",
  "note",
] as const;
/**
 * The spec's four columns first, in its order, then the rep's outcome, the business and the
 * note, then what the line reported: `line_result` is how the line ended (completed, busy...),
 * not the rep's outcome. Empty cells where nothing is known.
 */
export const CALL_REPORT_HEADER = [
  "call_id",
  "agent",
  "duration_seconds",
  "timestamp",
  "disposition",
  "business",
  "note",
  "direction",
  "line_result",
  "sip_status",
  "setup_ms",
  "average_mos",
  "worst_mos",
  "worst_jitter_ms",
  "worst_loss_percent",
  // Answering-machine detection (human, machine, unknown) and what parallel dialing did.
  "answered_by",
  "automatic_voicemail",
  "abandoned",
] as const;
export const SALES_HEADER = ["sale_id", "agent", "amount", "timestamp"] as const;

export type ReportKind = "call-reports" | "sales-history";

export const REPORT_TITLE: Record<ReportKind, string> = {
  "call-reports": "Call Reports",
  "sales-history": "Sales History",
};
export const REPORT_HEADER: Record<ReportKind, readonly string[]> = {
  "call-reports": CALL_REPORT_HEADER,
  "sales-history": SALES_HEADER,
};

export type Interval = { start: Date; end: Date };

/** A call as Call History shows and downloads it: the spec's fields and what the rep recorded. */
export type AuditCall = SampleCall & {
  disposition?: string | null;
  business?: string | null;
  note?: string | null;
};

export function callCsv(call: AuditCall): string {
  return writeCsv({
    header: CALL_HEADER,
    rows: [
      [
        call.id,
        call.dialedNumber,
        call.originatingNumber,
        call.agent,
        call.durationSeconds,
        new Date(call.timestamp).toISOString(),
        call.disposition ?? "",
        call.business ?? "",
        call.note ?? "",
      ],
    ],
  });
}

/** "call-CALL-1001.csv"; ids are ours, but anything unsafe in a file name is replaced anyway. */
export function callCsvFileName(call: SampleCall): string {
  return `call-${call.id.replace(/[^A-Za-z0-9_-]/g, "_")}.csv`;
}

/** The comment line of a report: "Call Reports range: <start> to <end>" in ISO 8601 local time. */
export function rangeComment(kind: ReportKind, interval: Interval): string {
  return `${REPORT_TITLE[kind]} range: ${formatISO(interval.start)} to ${formatISO(interval.end)}`;
}

export function reportCsv(kind: ReportKind, interval: Interval): string {
  return writeCsv({ comment: rangeComment(kind, interval), header: REPORT_HEADER[kind], rows: [] });
}

/**
 * "call-reports_2026-11-23.csv" for one day, "..._2026-11-01_to_2026-11-15.csv" for days, and
 * with times ("..._2026-11-23T1140_to_2026-11-23T1240.csv") when a preset chose exact times.
 * No colons: they are not allowed in Windows file names.
 */
export function reportFileName(kind: ReportKind, interval: Interval, withTime: boolean): string {
  const pattern = withTime ? "yyyy-MM-dd'T'HHmm" : "yyyy-MM-dd";
  const from = format(interval.start, pattern);
  const to = format(interval.end, pattern);
  return from === to ? `${kind}_${from}.csv` : `${kind}_${from}_to_${to}.csv`;
}
