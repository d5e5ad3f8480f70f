/**
 * A typed amount in the rep's language ("1,850.50" in English, "1.850,50" in German,
 * "١٬٨٥٠٫٥٠" or "1,850.50" in Arabic) as plain decimal text ("1850.50"), or null when it is not
 * one number. The one reader of typed amounts: the outcome prompt's sale amount goes through it
 * before the API's own rule (normalSaleAmount) checks the range.
 *
 * Grouping is accepted only where it groups (a first group of 1-3 digits, then groups of three),
 * so "1,85" or "18,50" in English is refused rather than read as 185 or 1850.
 */
export function parseLocaleAmount(text: string, locale: string): string | null {
  const { group, decimal } = separatorsOf(locale);
  const plain = toAsciiDigits(
    text.replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, ""),
  ).trim();
  if (!plain) return null;

  // The decimal separator is the last one of the locale's decimal marks; at most one.
  const decimals = [...plain].filter((c) => decimal.includes(c));
  if (decimals.length > 1) return null;
  const at = decimals.length ? plain.lastIndexOf(decimals[0]!) : -1;
  const whole = at < 0 ? plain : plain.slice(0, at);
  const fraction = at < 0 ? "" : plain.slice(at + 1);
  if (at >= 0 && !/^\d+$/.test(fraction)) return null;

  const groups = [...whole].filter((c) => !/\d/.test(c));
  if (groups.some((c) => !group.includes(c) || c !== groups[0])) return null;
  if (groups.length) {
    const parts = whole.split(groups[0]!);
    if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1).some((p) => !/^\d{3}$/.test(p))) return null;
  } else if (!/^\d+$/.test(whole)) return null;
  const digits = whole.split(groups[0] ?? "").join("");
  return fraction ? `${digits}.${fraction}` : digits;
}

const SPACES = ["\u0020", "\u00a0", "\u202f", "\u2009"];

/**
 * The locale's own marks, plus the ones people type on a Latin keyboard: a locale whose decimal
 * mark is a point (English, Arabic) also takes "," for grouping and "." for the decimal; one
 * whose decimal mark is a comma (German) takes "." and spaces for grouping. Arabic also takes
 * its own marks (٬ ٫) whether or not the browser formats with Arabic-Indic digits.
 */
function separatorsOf(locale: string): { group: string[]; decimal: string[] } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const ownGroup = parts.find((p) => p.type === "group")?.value ?? ",";
  const ownDecimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const commaDecimal = ownDecimal === ",";
  const group = new Set([ownGroup, ...(commaDecimal ? [".", ...SPACES] : [","])]);
  const decimal = new Set([ownDecimal, commaDecimal ? "," : "."]);
  if (locale.split("-")[0] === "ar") {
    group.add("\u066c");
    decimal.add("\u066b");
  }
  return { group: [...group], decimal: [...decimal] };
}

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits as ASCII digits. */
function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) =>
    String(d.charCodeAt(0) - (d >= "\u06f0" ? 0x06f0 : 0x0660)),
  );
}
