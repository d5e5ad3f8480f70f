/**
 * Call outcomes, in the style of VICIdial's status flags. The order is the dialer's
 * prompt order: a disposition's index + 1 is its key (1-9). Browser-safe.
 *
 * The flags decide what every count means:
 * - `contact`: a person at the business answered (VICIdial's "customer contact"). Do not call
 *   counts as a contact (someone answered and asked not to be called again); wrong number does
 *   not (the person reached is not the business's).
 * - `conversation`: the rep actually talked with the business (Targets' "Conversations today").
 *   Every conversation is a contact; do not call is a contact without a conversation.
 * - `sale`: the call closed a sale; Sales History exports these, with their amount.
 * - `asks`: what the prompt must also collect: `amount` (a sale's amount, required), `time`
 *   (a callback's time, required; the browser turns it into an appointment on the place).
 * Voicemail, no answer and busy reached nobody: no flag.
 */
export const DISPOSITIONS = [
  "interested",
  "sale",
  "callback",
  "not_interested",
  "voicemail",
  "no_answer",
  "busy",
  "wrong_number",
  "do_not_call",
] as const;

export type Disposition = (typeof DISPOSITIONS)[number];

export type DispositionFlags = {
  conversation: boolean;
  contact: boolean;
  sale: boolean;
  asks?: "amount" | "time";
};

const none = { conversation: false, contact: false, sale: false } as const;
const talked = { conversation: true, contact: true, sale: false } as const;

export const DISPOSITION_FLAGS: Readonly<Record<Disposition, Readonly<DispositionFlags>>> = {
  interested: talked,
  sale: { conversation: true, contact: true, sale: true, asks: "amount" },
  callback: { ...talked, asks: "time" },
  not_interested: talked,
  voicemail: none,
  no_answer: none,
  busy: none,
  wrong_number: none,
  do_not_call: { conversation: false, contact: true, sale: false },
};

/** The dialer prompt's key (1-9) of a disposition. */
export function dispositionKey(disposition: Disposition): number {
  return DISPOSITIONS.indexOf(disposition) + 1;
}

/** The disposition a key (1-9, as a number or the pressed character) picks, else null. */
export function dispositionForKey(key: number | string): Disposition | null {
  const n = typeof key === "number" ? key : /^[1-9]$/.test(key) ? Number(key) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= DISPOSITIONS.length ? DISPOSITIONS[n - 1]! : null;
}

/** Dispositions with a given flag, e.g. `dispositionsWhere("conversation")` for SQL filters. */
export function dispositionsWhere(flag: "conversation" | "contact" | "sale"): Disposition[] {
  return DISPOSITIONS.filter((d) => DISPOSITION_FLAGS[d][flag]);
}

export function isDisposition(value: unknown): value is Disposition {
  return typeof value === "string" && (DISPOSITIONS as readonly string[]).includes(value);
}
