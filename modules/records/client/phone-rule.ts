// The browser's copy of modules/records/lib/schemas.ts `extraPhoneSchema`, without zod: the drawer's
// phone field is in the first load of Targets. tests/unit/records-sync.test.ts holds it to
// the zod schema (same verdicts on the same inputs), so the server and the field agree.

const PHONE_PATTERN = /^\+?[0-9 ().-]{3,40}$/;

/** Why a number is refused: a message key under Facility.phones. */
export type ExtraPhoneError = "invalidFormat" | "invalidDigits";

export type ExtraPhoneCheck = { ok: true; value: string } | { ok: false; error: ExtraPhoneError };

export function checkExtraPhone(raw: string): ExtraPhoneCheck {
  const value = raw.trim();
  if (!PHONE_PATTERN.test(value)) return { ok: false, error: "invalidFormat" };
  const digits = value.replace(/\D/g, "").length;
  if (digits < 3 || digits > 20) return { ok: false, error: "invalidDigits" };
  return { ok: true, value };
}

export const isValidExtraPhone = (raw: string) => checkExtraPhone(raw).ok;
