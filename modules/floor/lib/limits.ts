// The live floor's figures, shared by the server and the browser (no zod: the shell loads this).

/** What a rep is doing, as their browser reports it; `offline` also when reports stop. */
export const PRESENCE_STATES = [
  "offline",
  "ready",
  "dialing",
  "ringing",
  "in-call",
  "wrapping-up",
] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** The longest business name a report may carry (the browser cuts longer ones). */
export const BUSINESS_NAME_MAX = 200;

/** A browser repeats its state this often while nothing changes. */
export const PRESENCE_HEARTBEAT_MS = 20_000;

/** No report for this long reads as offline (two heartbeats missed, and some slack). */
export const PRESENCE_STALE_MS = 45_000;

/** How long the browser waits for the dialer to settle before reporting a change. */
export const PRESENCE_DEBOUNCE_MS = 200;
