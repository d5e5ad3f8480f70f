// Display rules of the Targets table (spec section 5), pure so they are unit-tested.
import { formatPhone as formatPhoneText } from "@/lib/format/phone";

// The Targets screen dials with it before this module loads (it lives with the phone rules).
export { dialableDigits } from "@/lib/format/phone";

export type ParsedAddress = {
  line1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

const stateZip = /^([A-Z]{2})\s+(\d{5})(?:-\d{4})?$/;
// Providers end US addresses with the country ("..., TX 78701, USA"); the spec's rule reads
// the parts before it.
const countryPart = /^[\p{L} .'-]+$/u;

/**
 * The second-to-last comma part is the city; the last part matches a two-letter state plus a
 * five-digit ZIP. A trailing country is set aside first. Anything else: nulls, never a guess.
 */
export function parseAddress(address: string | null | undefined): ParsedAddress {
  const none: ParsedAddress = { line1: null, city: null, state: null, zip: null };
  if (!address) return none;
  const parts = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 3 && !stateZip.test(parts.at(-1)!) && countryPart.test(parts.at(-1)!)) {
    parts.pop();
  }
  const match = stateZip.exec(parts.at(-1) ?? "");
  if (!match || parts.length < 2) return { ...none, line1: parts.length ? address.trim() : null };
  return {
    line1: parts.slice(0, -2).join(", ") || null,
    city: parts.at(-2)!,
    state: match[1]!,
    zip: match[2]!,
  };
}

/** 10 digits become (xxx) xxx-xxxx, anything else unchanged; nothing for no phone. */
export function formatPhone(phone: string | null | undefined): string {
  return phone ? formatPhoneText(phone) : "";
}

/** "real_estate_agency" → "Real estate agency". */
export function readableCategory(primaryType: string | null | undefined): string {
  if (!primaryType) return "";
  const words = primaryType.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
