// The top bar's call buttons (call-controls.tsx, and Transfer's trigger in transfer-dialog.tsx).
export const callButtonClass = "gap-1.5 rounded-md px-2.5 text-sm font-medium [&_svg]:size-4";

/**
 * On a phone the top bar's row is narrower than Hold, Record, Transfer and End with their words:
 * End was cut off at the edge. There the others show their icons only (their words stay their
 * accessible names) and End keeps its word.
 */
export const phoneHidden = "max-sm:sr-only";
