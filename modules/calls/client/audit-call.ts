import type { CallDto } from "@/modules/calls/lib/schemas";
import type { AuditCall } from "@/modules/reports/lib/exports";

// Call History shows a call record on the spec's card and downloads it with the spec's CSV
// columns (modules/reports/lib/exports.ts callCsv): this maps a record to that card's shape.

/** "+14155550132" -> "4155550132" (shown as (415) 555-0132); other numbers stay as they are. */
export function nationalDisplay(number: string): string {
  return /^\+1\d{10}$/.test(number) ? number.slice(2) : number;
}

/**
 * Both numbers in one format, E.164, like the originating number (the organization's caller
 * ID); the digits the rep typed only where the call does not know the number's country. With
 * the rep's outcome, the business and the note, which the file carries after the spec's columns.
 */
export function toAuditCall(call: CallDto): AuditCall {
  return {
    id: call.id,
    dialedNumber: call.dialedNumber ?? call.dialedDigits,
    originatingNumber: call.originatingNumber ?? "",
    agent: call.agent,
    durationSeconds: call.talkSeconds ?? 0,
    timestamp: Date.parse(call.startedAt),
    disposition: call.disposition,
    business: call.businessName,
    note: call.note,
  };
}
