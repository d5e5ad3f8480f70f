/**
 * What a dial string reaches (browser-safe): the one reading of a dialed or typed number that
 * every do-not-call match uses (the call record, the dialer's check, the list's add and import,
 * a power-dial preview). A listed number dialed as "*67 512 555 0101", "0015125550101",
 * "5125550101#" or "(512) 555-0101 x12" rings the same phone as "5125550101", so it must match
 * the same entry; a string that reaches no number at all is refused by the callers, never
 * recorded unmatched.
 */
import { getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { DEFAULT_PHONE_COUNTRY, toE164 } from "./phone";

// Formatting people type or spreadsheets keep; none of it is dialed.
const SEPARATORS = /[\s().\-/\u00a0\u2010-\u2015]/g;

// The end of the number proper: an extension ("x12", "ext. 12", RFC 3966's ";ext=12") or a pause
// or wait ("," ";" and Android's p/w) before digits that go as tones once the call is up. They
// never change which phone rings, so everything from the first of them on is dropped.
const POST_DIAL = /(?:ext|x|[,;pw]).*$/i;

// Service codes dialed before a number: NANP vertical service codes "*NN" (*67 hides the caller
// ID, *82 shows it) and GSM's "#NN#" / "*NN#" (#31# hides it), repeated: "*67*82...". A "#"
// after "*NN" that opens a "#NN#" belongs to that one ("*70#31#...": *70, then #31#).
const SERVICE_CODE = /^(?:\*\d{2}(?:#(?!\d{2}#))?|#\d{2}#)/;

// Arabic-Indic and Eastern Arabic-Indic digits (an Arabic keyboard types them); NFKC already
// turns full-width digits and "+" into ASCII.
function asciiDigits(text: string) {
  return text
    .normalize("NFKC")
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

const isNanp = (country: CountryCode) => getCountryCallingCode(country) === "1";

/** The digits that select the number ("+" and digits only), or null when there are none. */
function numberPart(raw: string, country: CountryCode): string | null {
  let text = asciiDigits(raw).replace(SEPARATORS, "").replace(POST_DIAL, "");
  for (let code = SERVICE_CODE.exec(text); code; code = SERVICE_CODE.exec(text)) {
    text = text.slice(code[0].length);
  }
  text = text.replace(/[*#].*$/, "");
  // No country code starts with 0, so "+00..." can only be an access code typed after a "+".
  const access = isNanp(country) ? /^\+?(?:011|00)/ : /^\+?00/;
  if (access.test(text)) text = `+${text.replace(access, "")}`;
  return /^\+?\d+$/.test(text) ? text : null;
}

/**
 * Every number a dial string may ring, the one it names first; empty when it rings none. In
 * order: formatting and the post-dial part (extension, pauses) go; leading service codes go;
 * whatever follows a remaining "*" or "#" ("5125550101#", "5125550101*1") goes, since the number
 * is complete before it; an international access code ("00" and "+00" anywhere, "011" in North
 * America) becomes "+"; the rest is read by toE164 (libphonenumber-js, possible-length check, as
 * every stored number is read) in `country` (the organization's, from its caller ID).
 *
 * In North America a number is also complete at its tenth national digit: the network sends any
 * further digits as tones, so "51255501019" rings +15125550101 whatever toE164 makes of all its
 * digits (it reads "442071838750" as the UK number dialed without its "+"). Such a string names
 * both, and a do-not-call match refuses the call when either is listed.
 */
export function dialStringTargets(
  raw: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): string[] {
  const text = numberPart(raw, country);
  if (text === null) return [];
  const national = text.replace(/^1/, "");
  const complete =
    isNanp(country) && !text.startsWith("+") && national.length > 10
      ? toE164(national.slice(0, 10), country)
      : null;
  const targets = [toE164(text, country), complete].filter((n): n is string => n !== null);
  return [...new Set(targets)];
}

/** The number a dial string rings (the first of dialStringTargets), or null when it rings none. */
export function dialStringToE164(
  raw: string,
  country: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  return dialStringTargets(raw, country)[0] ?? null;
}
