/**
 * Phone numbers of call records (browser-safe). The dialer keeps what the rep dialed as digits;
 * the record also holds the number in E.164 (libphonenumber-js) so that any formatting of the
 * same number finds it: "(415) 555-0132", "415.555.0132" and "+1 415 555 0132" are all
 * +14155550132.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** Numbers without a country code are read as this country's (the sample data is North American). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

/** The digits of a number, whatever its formatting: "+1 (415) 555-0132" -> "14155550132". */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, "");
}

/**
 * The number in E.164 ("+14155550132"), or null when it cannot be read as one.
 * A number without "+" is read in `defaultCountry` first; when that is not even a possible
 * number there, its digits are tried as an international number ("442071838750" was dialed
 * without the plus), which must then be valid.
 */
export function toE164(raw: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY) {
  const text = raw.trim();
  if (!/\d/.test(text)) return null;
  const local = parsePhoneNumberFromString(text, defaultCountry);
  if (local?.isPossible()) return local.number as string;
  if (text.startsWith("+")) return null;
  const international = parsePhoneNumberFromString(`+${phoneDigits(text)}`);
  return international?.isValid() ? (international.number as string) : null;
}

/** The country of an E.164 number ("+442071838750" -> "GB"), or undefined. */
export function countryOf(e164: string | null | undefined): CountryCode | undefined {
  return e164 ? parsePhoneNumberFromString(e164)?.country : undefined;
}

/** Digit runs shorter than this would match almost any number in a partial search. */
export const MIN_PARTIAL_DIGITS = 4;

/**
 * What a Call History query means as a phone number: the E.164 it names (exact match) and its
 * digits (partial match), or null when it is not phone-like ("olivia", "CALL-1001").
 */
export function phoneQuery(query: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY) {
  const q = query.trim();
  if (!/^[\d\s().+\-/]+$/.test(q) || !/\d/.test(q)) return null;
  return { e164: toE164(q, defaultCountry), digits: phoneDigits(q) };
}
