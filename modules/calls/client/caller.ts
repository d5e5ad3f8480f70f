import { nationalDisplay } from "./audit-call";

// How a call's other party is shown and called back (the Call Log, Call History, Missed Calls).

/**
 * The number to show for a call: the dialed (or calling) number in E.164 when it reads as one,
 * North American numbers nationally as in Targets; otherwise the digits as dialed or as the line
 * gave them. "" for a caller who withheld their number: the screen says so in words.
 */
export function shownNumber(call: { dialedDigits: string; dialedNumber: string | null }): string {
  return nationalDisplay(call.dialedNumber ?? call.dialedDigits);
}

/**
 * What Call back dials for a missed call, or null when there is nothing to call (withheld, or a
 * number that reads as none, such as an internal extension: the server would refuse its record).
 * A North American number is dialed by its ten national digits, as Targets dials a business;
 * any other by the digits the line gave, which the team's own phone system produced.
 */
export function callBackDigits(call: {
  callerDigits: string;
  callerNumber: string | null;
}): string | null {
  if (!call.callerNumber) return null;
  const national = nationalDisplay(call.callerNumber);
  const digits = (national === call.callerNumber ? call.callerDigits : national).replace(/\D/g, "");
  return digits || null;
}
