import type { CallDto } from "@/modules/calls/lib/schemas";
import type { SampleCall } from "@/lib/sample/calls";

// Call History shows a call record on the spec's card and downloads it with the spec's CSV
// columns (modules/reports/lib/exports.ts callCsv): this maps a record to that card's shape.

/** "+14155550132" -> "4155550132" (shown as (415) 555-0132); other numbers stay as they are. */
export function nationalDisplay(number: string): string {
  return /^\+1\d{10}$/.test(number) ? number.slice(2) : number;
}

/**
 * The number as the rep dialed it (digits) goes on the card and in the file: it is what the rep
 * typed or clicked, and a CSV cell starting with "+" would be written with a protective
 * apostrophe. The originating number is the organization's caller ID (E.164).
 */
export function toAuditCall(call: CallDto): SampleCall {
  return {
    id: call.id,
    dialedNumber: call.dialedDigits,
    originatingNumber: call.originatingNumber ?? "",
    agent: call.agent,
    durationSeconds: call.talkSeconds ?? 0,
    timestamp: Date.parse(call.startedAt),
  };
}
