import {
  DISPOSITION_FLAGS,
  dispositionForKey,
  type Disposition,
} from "@/modules/calls/lib/dispositions";
import { normalSaleAmount } from "@/modules/calls/lib/constants";
import { parseLocaleAmount } from "@/lib/format/amount";
import { localDateTimeToTs } from "@/modules/facility/lib/validation";
import type { DispositionAnswer } from "./record-body";

// The disposition prompt's rules, pure so they are unit-tested without a DOM: which key picks
// what, and whether a draft can be saved.

export const NOTE_MAX = 2000;

export type DispositionDraft = {
  disposition: Disposition | null;
  note: string;
  /** The amount as typed, in the rep's language ("1,250", "1250.5", "١٬٢٥٠"). */
  amount: string;
  /** A datetime-local value, "YYYY-MM-DDTHH:MM", in the rep's time zone. */
  callbackAt: string;
};

export const emptyDispositionDraft: DispositionDraft = {
  disposition: null,
  note: "",
  amount: "",
  callbackAt: "",
};

export type DraftError =
  | "chooseOutcome"
  | "amountRequired"
  | "amountInvalid"
  | "callbackRequired"
  | "callbackInvalid"
  | "noteTooLong";

export type DraftField = "disposition" | "amount" | "callbackAt" | "note";

export type CheckedDraft =
  { ok: true; answer: DispositionAnswer } | { ok: false; field: DraftField; error: DraftError };

/** "2026-03-02T14:30" in the browser's zone, or null. */
export function parseLocalDateTime(value: string): number | null {
  const [date, time] = value.split("T");
  return date && time ? localDateTimeToTs(date, time) : null;
}

/** `locale`: the interface language, whose digit grouping and decimal mark the amount may use. */
export function checkDispositionDraft(draft: DispositionDraft, locale: string): CheckedDraft {
  const { disposition } = draft;
  if (!disposition) return { ok: false, field: "disposition", error: "chooseOutcome" };
  const note = draft.note.trim();
  if (note.length > NOTE_MAX) return { ok: false, field: "note", error: "noteTooLong" };
  const answer: DispositionAnswer = { disposition, ...(note ? { note } : {}) };
  const asks = DISPOSITION_FLAGS[disposition].asks;
  if (asks === "amount") {
    if (!draft.amount.trim()) return { ok: false, field: "amount", error: "amountRequired" };
    const typed = parseLocaleAmount(draft.amount, locale);
    const amount = typed === null ? null : normalSaleAmount(typed);
    if (amount === null) return { ok: false, field: "amount", error: "amountInvalid" };
    answer.saleAmount = amount;
  }
  if (asks === "time") {
    if (!draft.callbackAt.trim())
      return { ok: false, field: "callbackAt", error: "callbackRequired" };
    const at = parseLocalDateTime(draft.callbackAt);
    if (at === null) return { ok: false, field: "callbackAt", error: "callbackInvalid" };
    answer.callbackAt = at;
  }
  return { ok: true, answer };
}

export type PromptKeyPress = {
  key: string;
  /** Ctrl, Meta or Alt held: shortcuts belong to the browser. */
  modifier: boolean;
  /** Focus is in a text field (the note, the amount, the callback time). */
  inField: boolean;
  alreadyHandled: boolean;
};

export type PromptKeyDecision =
  | { run: "none" }
  /** Marked handled and dropped: the keypad must not take it (0, *, #, Backspace). */
  | { run: "swallow" }
  | { run: "choose"; disposition: Disposition }
  | { run: "skip" };

/**
 * Keys while the prompt has focus: 1-9 pick the outcome in list order (so they never reach the
 * keypad: the prompt marks them handled and the dialer's key handler leaves handled keys alone),
 * Escape skips. Typing in the note or amount keeps every digit; Escape there still skips, as
 * it closes any dialog. 0, *, # and Backspace are swallowed, so they cannot reach the number.
 */
export function decidePromptKey(press: PromptKeyPress): PromptKeyDecision {
  if (press.alreadyHandled || press.modifier) return { run: "none" };
  if (press.key === "Escape") return { run: "skip" };
  if (press.inField) return { run: "none" };
  const disposition = dispositionForKey(press.key);
  if (disposition) return { run: "choose", disposition };
  return ["0", "*", "#", "Backspace"].includes(press.key) ? { run: "swallow" } : { run: "none" };
}
