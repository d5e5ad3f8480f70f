import { ApiError } from "@/lib/api/errors";
import { DIAL_REFUSAL_CODES, type DialRefusal } from "@/modules/calls/lib/dial-string";

const messages: Record<DialRefusal, string> = {
  "caller-id":
    "Caller-ID codes (*67, *82, #31#, *31#) cannot be dialed: the team's caller ID is chosen for each call",
  "service-code": "Service codes cannot be dialed",
  "extra-digits":
    "The number has more digits than a phone number: put x or a comma before an extension",
  unreadable: "Not a dial string: put x or a comma before an extension",
  "invalid-number": "Not a valid phone number",
  empty: "Not a valid phone number",
  "abandoned-recently":
    "A call to this number was abandoned lately: parallel dialing does not call it again yet",
};

/**
 * A parallel dial to a number whose call the team abandoned within its noRedialHours: 403 like
 * the do-not-call list's (the string is fine; the rule forbids the call), with when it may be
 * dialed again.
 */
export function abandonedRecentlyError(number: string, until: Date) {
  return new ApiError("forbidden", messages["abandoned-recently"], {
    code: DIAL_REFUSAL_CODES["abandoned-recently"],
    details: { number, until: until.toISOString() },
  });
}

/** The 400 a refused dial string gets (it changes nothing). */
export function dialRefusalError(reason: DialRefusal, raw: string) {
  return new ApiError("validation", messages[reason], {
    code: DIAL_REFUSAL_CODES[reason],
    details: { fields: { dialedDigits: messages[reason] }, dialed: raw.slice(0, 40) },
  });
}
