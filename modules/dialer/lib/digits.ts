/** Keys on the dialer keypad, in the standard telephone order. */
export const KEYPAD_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;
export type KeypadKey = (typeof KEYPAD_KEYS)[number];

/** The dialer number keeps digits only: "(555) 123-4567" becomes "5551234567". */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}

export function isKeypadKey(value: string): value is KeypadKey {
  return (KEYPAD_KEYS as readonly string[]).includes(value);
}

export function isDigit(value: string): boolean {
  return /^[0-9]$/.test(value);
}
