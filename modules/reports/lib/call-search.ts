/**
 * Call History search (spec section 2): one call by id, dialed number, originating number or
 * agent name. The query is trimmed and compared case-insensitively; phone numbers compare by
 * their digits, so "(415) 555-0132", "415.555.0132" and "+1 415 555 0132" all find 4155550132.
 *
 * Exact matches win over partial ones, so an id or a full number always finds that call even
 * when a shorter query would match several; among equals the list order (newest first) decides.
 */
import { phoneDigits } from "@/lib/format/phone";
import type { SampleCall } from "@/lib/sample/calls";

export type CallMatch = "id" | "number" | "agent";

/** Partial digit queries shorter than this would match almost any number. */
export const MIN_PARTIAL_DIGITS = 4;

const PHONE_LIKE = /^[\d\s().+\-/]+$/;

/** Drops a leading NANP country code so "+1 415 555 0132" equals "4155550132". */
function nationalDigits(digits: string): string {
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

function numbersOf(call: SampleCall): string[] {
  return [call.dialedNumber, call.originatingNumber].map((n) => nationalDigits(phoneDigits(n)));
}

export function searchCall(
  calls: readonly SampleCall[],
  query: string,
): { call: SampleCall; matchedBy: CallMatch } | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;

  const isPhoneQuery = PHONE_LIKE.test(q) && /\d/.test(q);
  const qDigits = isPhoneQuery ? nationalDigits(phoneDigits(q)) : "";

  const exact = (call: SampleCall): CallMatch | null => {
    if (call.id.toLowerCase() === q) return "id";
    if (qDigits && numbersOf(call).includes(qDigits)) return "number";
    if (call.agent.toLowerCase() === q) return "agent";
    return null;
  };
  const partial = (call: SampleCall): CallMatch | null => {
    if (call.id.toLowerCase().includes(q)) return "id";
    if (qDigits.length >= MIN_PARTIAL_DIGITS && numbersOf(call).some((n) => n.includes(qDigits))) {
      return "number";
    }
    if (call.agent.toLowerCase().includes(q)) return "agent";
    return null;
  };

  for (const rule of [exact, partial]) {
    for (const call of calls) {
      const matchedBy = rule(call);
      if (matchedBy) return { call, matchedBy };
    }
  }
  return null;
}
