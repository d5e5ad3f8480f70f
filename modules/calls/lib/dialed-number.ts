/**
 * The number a dial string reaches (browser-safe), read by the grammar of ./dial-string.ts in the
 * organization's country: what every do-not-call match uses (the call record, the dialer's check,
 * the list's add and import, a power-dial preview) and what the call authorisation signs. A
 * listed number dialed as "*67 512 555 0101", "0015125550101", "5125550101#" or
 * "(512) 555-0101 x12" rings the same phone as "5125550101", so it must match the same entry; a
 * string that reaches no number at all is refused by the callers, never recorded unmatched.
 */
import { getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { matchedNumberPart, readDialString, type DialRefusal } from "./dial-string";
import { DEFAULT_PHONE_COUNTRY, toE164 } from "./phone";

const isNanp = (country: CountryCode) => getCountryCallingCode(country) === "1";

/** An international access code ("00" and "+00" anywhere, "011" in North America) becomes "+". */
function withPlus(number: string, country: CountryCode) {
  // No country code starts with 0, so "+00..." can only be an access code typed after a "+".
  const access = isNanp(country) ? /^\+?(?:011|00)/ : /^\+?00/;
  return access.test(number) ? `+${number.replace(access, "")}` : number;
}

/**
 * Every number the number part `text` may ring, the one it names first. It is read by toE164
 * (libphonenumber-js, possible-length check, as every stored number is read) in `country`. In
 * North America a number is also complete at its tenth national digit: the network sends any
 * further digits as tones, so "51255501019" rings +15125550101 whatever toE164 makes of all its
 * digits (it reads "442071838750" as the UK number dialed without its "+"). Such a string names
 * both, and a do-not-call match refuses the call when either is listed.
 */
function targetsOf(number: string, country: CountryCode) {
  const text = withPlus(number, country);
  const national = text.replace(/^1/, "");
  const complete =
    isNanp(country) && !text.startsWith("+") && national.length > 10
      ? toE164(national.slice(0, 10), country)
      : null;
  return { read: toE164(text, country), complete };
}

/** Every number a dial string may ring, the one it names first; empty when it rings none. */
export function dialStringTargets(
  raw: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): string[] {
  const number = matchedNumberPart(raw);
  if (number === null) return [];
  const { read, complete } = targetsOf(number, country);
  return [...new Set([read, complete].filter((n): n is string => n !== null))];
}

/** The number a dial string rings (the first of dialStringTargets), or null when it rings none. */
export function dialStringToE164(
  raw: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  return dialStringTargets(raw, country)[0] ?? null;
}

/** A dial string the server may sign: the E.164 number, every number it may ring, the tones after. */
export type DialedNumber = { number: string; targets: string[]; postDial: string };

/**
 * A dial string read for placing a call (the call authorisation): refused by the grammar
 * (service codes, anything it does not describe), when its number part is no phone number, or
 * when that part has more digits than the number it rings ("51255501019": an extension needs
 * "x" or a pause, or it would be dropped unseen). Otherwise the number signed and dialed, every
 * number the do-not-call list must be asked about, and the post-dial part.
 */
export function readDialedNumber(
  raw: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): { ok: true; dialed: DialedNumber } | { ok: false; reason: DialRefusal } {
  const parsed = readDialString(raw);
  if (!parsed.ok) return parsed;
  const { read, complete } = targetsOf(parsed.dial.number, country);
  if (!read) return { ok: false, reason: complete ? "extra-digits" : "invalid-number" };
  const targets = [...new Set([read, complete].filter((n): n is string => n !== null))];
  return { ok: true, dialed: { number: read, targets, postDial: parsed.dial.postDial } };
}
