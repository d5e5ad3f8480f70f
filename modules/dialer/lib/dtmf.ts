import type { KeypadKey } from "@/modules/dialer/lib/digits";

// Standard DTMF: each key is the sum of one row (low) and one column (high) frequency.
export const DTMF_ROWS = [697, 770, 852, 941] as const;
export const DTMF_COLUMNS = [1209, 1336, 1477] as const;

const LAYOUT: readonly (readonly KeypadKey[])[] = [
  ["1", "2", "3"],
  ["4", "5", "6"],
  ["7", "8", "9"],
  ["*", "0", "#"],
];

/** The [low, high] frequency pair in Hz for a keypad key. */
export function dtmfFrequencies(key: KeypadKey): readonly [number, number] {
  for (let row = 0; row < LAYOUT.length; row++) {
    const column = LAYOUT[row].indexOf(key);
    if (column >= 0) return [DTMF_ROWS[row], DTMF_COLUMNS[column]];
  }
  throw new Error(`Not a keypad key: ${key}`);
}
