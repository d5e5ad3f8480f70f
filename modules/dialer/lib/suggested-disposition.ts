import type { Disposition } from "@/modules/calls/lib/dispositions";
import type { CallOutcome } from "@/modules/dialer/lib/call-outcomes";

// Its own module: the call recorder (in every /app page's first load) pre-selects the prompt's
// answer from it, and must not bring the rest of modules/dialer/lib/sip-outcome.ts along.

/**
 * Which disposition an outcome makes obvious. Only where the line itself answers the
 * question: busy, nobody answered, or the number is not a working one. Declined counts as no
 * answer (nobody at the business took the call, and both count as no contact); everything
 * else (an answered call, a failure, the rep's own cancel) needs the rep to say.
 */
export const SUGGESTED_DISPOSITIONS = {
  busy: "busy",
  "no-answer": "no_answer",
  "invalid-number": "wrong_number",
  declined: "no_answer",
  failed: null,
  "remote-hangup": null,
  "no-audio": null,
  cancelled: null,
  completed: null,
} as const satisfies Record<CallOutcome, Disposition | null>;
