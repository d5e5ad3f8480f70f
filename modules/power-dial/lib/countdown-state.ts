// The power-dial countdown's state (the machine is ./countdown.ts, which re-exports this).

export type CountdownStatus =
  /** Not started or reset. */
  | "idle"
  | "running"
  /** Reached zero, or the rep chose Dial now: dial the upcoming business. */
  | "expired"
  /** The rep skipped the upcoming business. */
  | "skipped"
  /** The rep stopped the session. */
  | "stopped";

export type CountdownState = {
  status: CountdownStatus;
  durationMs: number;
  remainingMs: number;
  pausedByUser: boolean;
  hovering: boolean;
  /** Typing holds the countdown until this time (ms, same clock as `now`). */
  typingUntil: number;
  /** Whether a hold was on at the last tick, to apply `minAfterHoldMs` when it ends. */
  wasHeld: boolean;
};

export const initialCountdown: CountdownState = {
  status: "idle",
  durationMs: 0,
  remainingMs: 0,
  pausedByUser: false,
  hovering: false,
  typingUntil: 0,
  wasHeld: false,
};
