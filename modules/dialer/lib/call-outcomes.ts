// How a call ended, as plain values every layer of the dialer shares (the transports describe
// an end in these terms; sip-outcome.ts maps SIP to them; suggested-disposition.ts reads them).

/** Why a call ended: this side hung up, the far end did, or the call could not be placed. */
export type EndReason = "local" | "remote" | "failed";

/** Everything the rep can be told about how a call ended. */
export const CALL_OUTCOMES = [
  "busy",
  "no-answer",
  "invalid-number",
  "declined",
  "failed",
  "remote-hangup",
  "no-audio",
  "cancelled",
  "completed",
] as const;

export type CallOutcome = (typeof CALL_OUTCOMES)[number];
