// How items are named and bounded, for the server (modules/records/lib/schemas.ts) and the browser's
// sync engine (modules/records/client) alike: plain code, no zod, so the browser can import it and
// the two can never disagree.

/**
 * An extra phone's item id: "phone:" + its digits, so the same number typed two ways is one
 * item. A legacy phone without digits ("abc", kept by a browser before records were shared with the team) gets "phone:text-" + the
 * hex of its lower-cased text (cut to fit the id's 200 characters) so that it is kept too.
 */
export function phoneItemId(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits) return `phone:${digits}`;
  const bytes = new TextEncoder().encode(phone.trim().toLowerCase());
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `phone:text-${hex.slice(0, 188)}`;
}

/**
 * Appointment times the server accepts: 2000-01-01 to 2100-01-01 UTC (epoch ms). The facility
 * store's own schema bounds only the sign (a backup file and stores written before records were shared keep
 * validating); a synced appointment outside this range is impossible, refused, and a legacy
 * upload of one is kept marked "needs fixing".
 */
export const APPOINTMENT_TS_MIN = Date.UTC(2000, 0, 1);
export const APPOINTMENT_TS_MAX = Date.UTC(2100, 0, 1);
