import { CURRENT_PASSWORD_MIN, NEW_PASSWORD_MIN } from "@/modules/profile/lib/profile-form";

// The password form's own check, before anything is sent (the server checks the same rules with
// changePasswordBodySchema). Pure, without zod: the same rules, small enough to unit test.

export const PASSWORD_MAX = 256;

export type PasswordChangeValues = { current: string; next: string; confirm: string };
export type PasswordChangeError =
  "currentTooShort" | "newTooShort" | "tooLong" | "mismatch" | "sameAsCurrent" | "wrongCurrent";
export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, PasswordChangeError>>;

/** The spec's minimums (6 current, 8 new and confirm), the longest, and the match. */
export function validatePasswordChange(v: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (v.current.length < CURRENT_PASSWORD_MIN) errors.current = "currentTooShort";
  else if (v.current.length > PASSWORD_MAX) errors.current = "tooLong";
  if (v.next.length < NEW_PASSWORD_MIN) errors.next = "newTooShort";
  else if (v.next.length > PASSWORD_MAX) errors.next = "tooLong";
  else if (v.next === v.current) errors.next = "sameAsCurrent";
  if (v.confirm.length < NEW_PASSWORD_MIN) errors.confirm = "newTooShort";
  else if (v.confirm.length > PASSWORD_MAX) errors.confirm = "tooLong";
  else if (!errors.next && v.confirm !== v.next) errors.confirm = "mismatch";
  return errors;
}
