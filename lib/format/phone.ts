/** Phone display rules (spec section 5), shared by Targets, the facility drawer and Reports. */

/** The digits of a number, whatever its formatting: "+1 (415) 555-0132" -> "14155550132". */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, "");
}

/** Exactly 10 digits become (xxx) xxx-xxxx; anything else is shown as it was given. */
export function formatPhone(raw: string): string {
  const digits = phoneDigits(raw);
  if (digits.length !== 10) return raw;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Digits for the dialer, which keeps digits only; none for a missing number. */
export function dialableDigits(phone: string | null | undefined): string {
  return phone ? phoneDigits(phone) : "";
}

/**
 * A number as the app shows it everywhere (Targets, the drawer, the Call Log, the dashboard,
 * the dialer): ten digits, or a North American E.164 number ("+15125550106"), as
 * "(512) 555-0106". Anything else (a dial string with a service code, a pause or an extension,
 * a number from another country) is shown exactly as given, so nothing in it is hidden.
 */
export function displayPhone(raw: string): string {
  const national = /^\+1\d{10}$/.test(raw) ? raw.slice(2) : raw;
  return /^\d{10}$/.test(national) ? formatPhone(national) : raw;
}
