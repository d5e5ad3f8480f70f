// The countdown between two calls of a power-dial session, as a pure state machine: the
// session component feeds it events and clock ticks and acts on its status. No timers here, so
// every rule is tested with explicit times.
//
// Rules:
// - It counts down only while nothing holds it: the rep's Pause, the pointer over the session
//   panel (hover), or typing (each keystroke in the note holds it for `typingGraceMs`, so a rep
//   who stops typing for a moment does not get dialed mid-thought).
// - Held time does not count; when the hold ends the countdown continues where it was, but never
//   with less than `minAfterHoldMs` left, so the rep sees the number before it dials.
// - Space skips the upcoming business (the session moves to the one after and starts again),
//   Enter dials it now, Escape stops the session. Keys typed into a text field are the rep's
//   note, never commands.

import { isTextEntry, type KeyTarget } from "@/lib/ui/text-entry";
import { initialCountdown, type CountdownState } from "./countdown-state";

// The state and its idle value live apart, so that a page can hold an idle session without
// loading the machine.
export { initialCountdown, type CountdownState, type CountdownStatus } from "./countdown-state";

export type CountdownEvent =
  | { type: "start"; durationMs: number }
  | { type: "tick"; now: number; elapsedMs: number }
  | { type: "typing"; now: number }
  | { type: "hover"; on: boolean }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "togglePause" }
  | { type: "skip" }
  | { type: "dialNow" }
  | { type: "stop" };

export const typingGraceMs = 2_000;
export const minAfterHoldMs = 1_000;

export type HoldReason = "paused" | "hover" | "typing";

/** Why the countdown is not moving right now, or null when it is. */
export function holdReason(s: CountdownState, now: number): HoldReason | null {
  if (s.pausedByUser) return "paused";
  if (now < s.typingUntil) return "typing";
  if (s.hovering) return "hover";
  return null;
}

export function countdownReducer(s: CountdownState, e: CountdownEvent): CountdownState {
  switch (e.type) {
    case "start":
      return {
        ...initialCountdown,
        // Pause and hover are about the rep, not one countdown: they carry over.
        pausedByUser: s.pausedByUser,
        hovering: s.hovering,
        status: "running",
        durationMs: e.durationMs,
        remainingMs: e.durationMs,
      };
    case "tick": {
      if (s.status !== "running") return s;
      const held = holdReason(s, e.now) !== null;
      if (held) return s.wasHeld ? s : { ...s, wasHeld: true };
      let remaining = s.remainingMs;
      if (s.wasHeld) remaining = Math.max(remaining, Math.min(minAfterHoldMs, s.durationMs));
      // A hold that just ended swallows this tick: held time never counts.
      else remaining -= Math.max(0, e.elapsedMs);
      if (remaining <= 0) return { ...s, status: "expired", remainingMs: 0, wasHeld: false };
      return { ...s, remainingMs: remaining, wasHeld: false };
    }
    case "typing":
      return { ...s, typingUntil: Math.max(s.typingUntil, e.now + typingGraceMs) };
    case "hover":
      return s.hovering === e.on ? s : { ...s, hovering: e.on };
    case "pause":
      return s.pausedByUser ? s : { ...s, pausedByUser: true };
    case "resume":
      return s.pausedByUser ? { ...s, pausedByUser: false } : s;
    case "togglePause":
      return { ...s, pausedByUser: !s.pausedByUser };
    case "skip":
      return s.status === "running" ? { ...s, status: "skipped" } : s;
    case "dialNow":
      return s.status === "running" ? { ...s, status: "expired", remainingMs: 0 } : s;
    case "stop":
      return s.status === "stopped" ? s : { ...s, status: "stopped" };
  }
}

/** Whole seconds to show ("Next call in 3 s"), rounding up so 0 only shows when it dials. */
export function secondsLeft(s: CountdownState): number {
  return Math.ceil(s.remainingMs / 1000);
}

/**
 * The session's keys. Returns the event for a key press, or null when the key is not a session
 * command, belongs to a text field (the rep is typing a note) or single-key shortcuts are off. `typing` events for text
 * fields are sent separately by the note field itself.
 */
export function sessionKeyEvent(
  key: string,
  target: KeyTarget,
  mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; shortcuts?: boolean } = {},
): CountdownEvent | null {
  if (mods.ctrlKey || mods.metaKey || mods.altKey) return null;
  // Turned off in Settings (WCAG 2.1.4), or typed into a text field (Escape there belongs to
  // the field, e.g. closing a picker): never a session command.
  if (mods.shortcuts === false || isTextEntry(target)) return null;
  const tag = target?.tagName?.toUpperCase();
  if (key === "Escape") return { type: "stop" };
  // Buttons and links act on Space and Enter themselves; the session must not act twice.
  if ((tag === "BUTTON" || tag === "A") && (key === " " || key === "Enter")) return null;
  switch (key) {
    case " ":
      return { type: "skip" };
    case "Enter":
      return { type: "dialNow" };
    case "p":
    case "P":
      return { type: "togglePause" };
    default:
      return null;
  }
}
