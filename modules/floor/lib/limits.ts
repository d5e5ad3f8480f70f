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

/** A live call's quality as the rep's dialer rates it (modules/dialer/lib/call-quality.ts). */
export const CALL_QUALITY_LEVELS = ["good", "fair", "poor"] as const;
export type CallQualityLevel = (typeof CALL_QUALITY_LEVELS)[number];

/** The states in which a rep's presence names their live call (`callId`). */
export const CALL_STATES = [
  "dialing",
  "ringing",
  "in-call",
] as const satisfies readonly PresenceState[];

/** How a manager takes part in a rep's call: hear both sides, also speak to the rep, or to both. */
export const MONITOR_MODES = ["listen", "whisper", "join"] as const;
export type MonitorMode = (typeof MONITOR_MODES)[number];

/** What a monitoring token allows: a mode, or taking the call over once the manager asks. */
export const MONITOR_TOKEN_MODES = [...MONITOR_MODES, "takeover"] as const;
export type MonitorTokenMode = (typeof MONITOR_TOKEN_MODES)[number];

/** The longest SDP offer or answer a session carries. */
export const MONITOR_SDP_MAX = 20_000;

/** A session the rep's browser has not answered within this is over (ended "expired"). */
export const MONITOR_ANSWER_WAIT_MS = 30_000;

/** A monitoring token's life, seconds. */
export const MONITOR_TOKEN_TTL_SECONDS = 120;
