/**
 * What a dial string is (browser-safe, no dependencies): the one definition the dialer, the call
 * authorisation and every do-not-call match read a typed or pasted string by. A dial string is
 *
 *   [service codes] number [#] [post-dial]
 *
 * - service codes: NANP vertical service codes "*NN" (*67 hides the caller ID, *82 shows it) and
 *   GSM's "#NN#" / "*NN#" (#31# hides it), repeated: "*67*82...". A "#" after "*NN" that opens a
 *   "#NN#" belongs to that one ("*70#31#...": *70, then #31#).
 * - number: "+" and digits ("00" / "011" access codes are turned into "+" by the number reading,
 *   modules/calls/lib/dialed-number.ts, which knows the organization's country).
 * - post-dial: pauses ("," and ";", Android's "p" and "w") and extensions ("x12", "ext. 12",
 *   "extension 12", RFC 3966's ";ext=12"), each a pause, then the digits (0-9, * and #) that go as
 *   tones once the call is answered.
 *
 * Formatting ("(512) 555-0101", non-breaking spaces, dashes) is ignored, Arabic-Indic and
 * full-width digits read as ASCII. Placing a call is stricter than matching a number: a service
 * code is refused (the team's caller ID is the server's choice, and a code the edge would dial as
 * part of the number rings someone else), and so is anything the grammar does not describe.
 */

// Formatting people type or spreadsheets keep; none of it is dialed.
const SEPARATORS = /[\s().\-/\u00a0\u2010-\u2015]/g;

const SERVICE_CODE = /^(?:\*\d{2}(?:#(?!\d{2}#))?|#\d{2}#)/;

// Codes that change whether or how the caller ID is presented: *67 / #31# hide it, *82 / *31#
// show it (NANP and GSM).
const CALLER_ID_CODES = new Set(["*67", "*67#", "*82", "*82#", "#31#", "*31#"]);

// The start of a post-dial part: an extension marker or a pause, each one pause long.
const PAUSE = /^(?:;ext=|extension|ext\.?|x|[,;pw])/i;

/** How long one pause ("," or an extension marker) waits before the digits after it. */
export const DIAL_PAUSE_MS = 2000;

/** Why a dial string cannot be placed as a call. */
export type DialStringRefusal = "empty" | "caller-id" | "service-code" | "unreadable";

/**
 * Why a dial string cannot be placed: its grammar's reasons, its number's (./dialed-number.ts), or
 * parallel dialing's rule that a number whose call was abandoned is not dialed again for a while.
 */
export type DialRefusal =
  DialStringRefusal | "invalid-number" | "extra-digits" | "abandoned-recently";

/**
 * The API's error code for each refusal (POST /api/telephony/authorize); the dialer reads it back,
 * the first refusal of a shared code ("invalid_number": the number's, then the grammar's).
 */
export const DIAL_REFUSAL_CODES = {
  "caller-id": "caller_id_prefix",
  "service-code": "service_code",
  "extra-digits": "extra_digits",
  "invalid-number": "invalid_number",
  unreadable: "invalid_number",
  empty: "invalid_number",
  "abandoned-recently": "abandoned_recently",
} as const satisfies Record<DialRefusal, string>;

/** The refusal an API error code names, or null for any other code. */
export function dialRefusalOfCode(code: string | null | undefined): DialRefusal | null {
  const found = Object.entries(DIAL_REFUSAL_CODES).find(([, c]) => c === code);
  return found ? (found[0] as DialRefusal) : null;
}

/** The parts of a dial string, as typed (service codes) and as sent (number, post-dial). */
export type DialStringParts = {
  /** Leading service codes ("*67", "#31#"), in order. */
  serviceCodes: string[];
  /** "+" and digits; "" when there are none where the number belongs. */
  number: string;
  /** Pauses (",") and tones (0-9 * #) to send after answer, e.g. ",12"; "" when none. */
  postDial: string;
  /** Whether everything after the number is a terminating "#" and a post-dial part. */
  wellFormed: boolean;
};

/** Arabic-Indic and Eastern Arabic-Indic digits (an Arabic keyboard types them), full-width ones. */
export function asciiDigits(text: string) {
  return text
    .normalize("NFKC")
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/** The service codes, the number and the text after it, formatting removed. */
function scan(raw: string) {
  let text = asciiDigits(raw).replace(SEPARATORS, "");
  const serviceCodes: string[] = [];
  for (let code = SERVICE_CODE.exec(text); code; code = SERVICE_CODE.exec(text)) {
    serviceCodes.push(code[0]);
    text = text.slice(code[0].length);
  }
  const number = /^\+?\d+/.exec(text)?.[0] ?? "";
  return { serviceCodes, number, after: text.slice(number.length) };
}

/** Splits a dial string into its parts (never throws; `wellFormed` says whether it parsed). */
export function dialStringParts(raw: string): DialStringParts {
  const { serviceCodes, number, after } = scan(raw);
  let rest = after.replace(/^#(?=$|[^0-9*#])/, "");
  let postDial = "";
  for (let pause = PAUSE.exec(rest); pause; pause = PAUSE.exec(rest)) {
    const tones = /^[0-9*#]*/.exec(rest.slice(pause[0].length))![0];
    postDial += `,${tones}`;
    rest = rest.slice(pause[0].length + tones.length);
  }
  const wellFormed = /^\+?\d+$/.test(number) && rest === "";
  return { serviceCodes, number, postDial: /\d|\*|#/.test(postDial) ? postDial : "", wellFormed };
}

/**
 * The number part as every do-not-call match reads it: the leading service codes go, and the
 * number ends at whatever follows it ("5125550101#", "5125550101*1", an extension or a pause),
 * since it is complete before that. Null when there is no number, or when what follows it is not
 * a "*", "#" or a post-dial part ("5125550101abc").
 */
export function matchedNumberPart(raw: string): string | null {
  const { number, after } = scan(raw);
  if (!number) return null;
  return after === "" || /^[*#]/.test(after) || PAUSE.test(after) ? number : null;
}

/** A dial string the dialer may place: the number and what goes after answer. */
export type DialableString = {
  /** "+" and digits, as typed (the server turns it into the E.164 it signs). */
  number: string;
  /** Pauses and tones sent after answer ("" for none). */
  postDial: string;
  /** The canonical text: number and post-dial ("5125550101,12"), what the server is sent. */
  canonical: string;
};

/**
 * Whether a dial string may be placed, read the same way in the browser (before anything rings)
 * and on the server (before it signs): refused with a reason, or the number and the post-dial
 * part. Any service code is refused: those that change the caller ID's presentation by name
 * (`caller-id`), the others as `service-code`.
 */
export function readDialString(
  raw: string,
): { ok: true; dial: DialableString } | { ok: false; reason: DialStringRefusal } {
  if (asciiDigits(raw).replace(SEPARATORS, "") === "") return { ok: false, reason: "empty" };
  const parts = dialStringParts(raw);
  if (parts.serviceCodes.some((code) => CALLER_ID_CODES.has(code))) {
    return { ok: false, reason: "caller-id" };
  }
  if (parts.serviceCodes.length > 0) return { ok: false, reason: "service-code" };
  if (!parts.wellFormed) return { ok: false, reason: "unreadable" };
  return {
    ok: true,
    dial: {
      number: parts.number,
      postDial: parts.postDial,
      canonical: parts.number + parts.postDial,
    },
  };
}

/**
 * What the dialer's number field keeps of typed or pasted text: the characters a dial string may
 * hold (digits, "+ * # , ;", the extension and pause letters, formatting), so the rep sees what
 * will be read. Anything else goes.
 */
export function dialInputText(text: string): string {
  return (
    asciiDigits(text)
      .replace(/[^0-9+*#,;=()\-./\sA-Za-z\u00a0\u2010-\u2015]/g, "")
      // Letters only while they may still become an extension or a pause ("e", "ex", "ext"...).
      .replace(/[A-Za-z]+/g, (word) =>
        /^[xpw]$/i.test(word) || "extension".startsWith(word.toLowerCase()) ? word : "",
      )
      .replace(/\s+/g, " ")
      .slice(0, 64)
  );
}
