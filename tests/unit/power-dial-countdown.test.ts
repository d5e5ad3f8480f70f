import { describe, expect, it } from "vitest";
import {
  countdownReducer,
  holdReason,
  initialCountdown,
  minAfterHoldMs,
  secondsLeft,
  sessionKeyEvent,
  typingGraceMs,
  type CountdownEvent,
  type CountdownState,
} from "@/modules/power-dial/lib/countdown";

const run = (events: CountdownEvent[], from: CountdownState = initialCountdown) =>
  events.reduce(countdownReducer, from);
const started = run([{ type: "start", durationMs: 5000 }]);
/** Ticks of 250 ms from `t0` for `ms`. */
function ticks(s: CountdownState, t0: number, ms: number) {
  let state = s;
  for (let t = t0 + 250; t <= t0 + ms; t += 250) {
    state = countdownReducer(state, { type: "tick", now: t, elapsedMs: 250 });
  }
  return state;
}

describe("countdown", () => {
  it("counts down and expires at zero", () => {
    expect(started).toMatchObject({ status: "running", remainingMs: 5000 });
    const mid = ticks(started, 0, 2000);
    expect(mid).toMatchObject({ status: "running", remainingMs: 3000 });
    expect(secondsLeft(mid)).toBe(3);
    expect(ticks(mid, 2000, 3000)).toMatchObject({ status: "expired", remainingMs: 0 });
  });

  it("does nothing on ticks before start or after it ended", () => {
    expect(ticks(initialCountdown, 0, 1000)).toBe(initialCountdown);
    const stopped = countdownReducer(started, { type: "stop" });
    expect(ticks(stopped, 0, 10_000)).toBe(stopped);
  });

  it("pauses while the rep types and resumes after the grace period", () => {
    let s = ticks(started, 0, 1000); // 4000 left
    s = countdownReducer(s, { type: "typing", now: 1000 });
    expect(holdReason(s, 1500)).toBe("typing");
    s = ticks(s, 1000, typingGraceMs - 250);
    expect(s.remainingMs).toBe(4000);
    // Every keystroke extends the hold.
    s = countdownReducer(s, { type: "typing", now: 2500 });
    s = ticks(s, 2750, 1500);
    expect(s.remainingMs).toBe(4000);
    expect(s.status).toBe("running");
    // After the last keystroke's grace, counting continues from where it was.
    s = ticks(s, 4500, 1250);
    expect(s.remainingMs).toBeLessThan(4000);
    expect(s.remainingMs).toBeGreaterThan(2500);
  });

  it("pauses while the pointer hovers the panel", () => {
    let s = countdownReducer(started, { type: "hover", on: true });
    expect(holdReason(s, 0)).toBe("hover");
    s = ticks(s, 0, 60_000);
    expect(s).toMatchObject({ status: "running", remainingMs: 5000 });
    s = countdownReducer(s, { type: "hover", on: false });
    s = ticks(s, 60_000, 5250);
    expect(s.status).toBe("expired");
  });

  it("pause and resume are the rep's and win over everything else", () => {
    let s = countdownReducer(started, { type: "pause" });
    s = ticks(s, 0, 30_000);
    expect(s.remainingMs).toBe(5000);
    expect(holdReason(s, 0)).toBe("paused");
    s = countdownReducer(s, { type: "togglePause" });
    expect(s.pausedByUser).toBe(false);
    s = countdownReducer(s, { type: "togglePause" });
    expect(s.pausedByUser).toBe(true);
    s = countdownReducer(s, { type: "resume" });
    expect(ticks(s, 30_000, 6000).status).toBe("expired");
  });

  it("leaves at least a second on the clock after a hold ends", () => {
    let s = ticks(started, 0, 4750); // 250 left
    s = countdownReducer(s, { type: "pause" });
    s = ticks(s, 4750, 1000);
    s = countdownReducer(s, { type: "resume" });
    s = countdownReducer(s, { type: "tick", now: 6000, elapsedMs: 250 });
    expect(s).toMatchObject({ status: "running", remainingMs: minAfterHoldMs });
    expect(ticks(s, 6000, 1000).status).toBe("expired");
  });

  it("keeps pause and hover across the next start (they are about the rep)", () => {
    let s = countdownReducer(started, { type: "pause" });
    s = countdownReducer(s, { type: "start", durationMs: 3000 });
    expect(s).toMatchObject({ status: "running", pausedByUser: true, remainingMs: 3000 });
  });

  it("skip, dial now and stop end a running countdown", () => {
    expect(countdownReducer(started, { type: "skip" }).status).toBe("skipped");
    expect(countdownReducer(started, { type: "dialNow" })).toMatchObject({
      status: "expired",
      remainingMs: 0,
    });
    expect(countdownReducer(started, { type: "stop" }).status).toBe("stopped");
    // Skip and dial now mean nothing outside a countdown; stop always works.
    expect(countdownReducer(initialCountdown, { type: "skip" }).status).toBe("idle");
    expect(countdownReducer(initialCountdown, { type: "dialNow" }).status).toBe("idle");
    expect(countdownReducer(initialCountdown, { type: "stop" }).status).toBe("stopped");
  });

  it("ignores negative elapsed time (a clock step backwards)", () => {
    const s = countdownReducer(started, { type: "tick", now: 1, elapsedMs: -5000 });
    expect(s.remainingMs).toBe(5000);
  });
});

describe("session keys", () => {
  const body = { tagName: "BODY" };
  it("maps Space, Enter, Escape and P outside text fields", () => {
    expect(sessionKeyEvent(" ", body)).toEqual({ type: "skip" });
    expect(sessionKeyEvent("Enter", body)).toEqual({ type: "dialNow" });
    expect(sessionKeyEvent("Escape", body)).toEqual({ type: "stop" });
    expect(sessionKeyEvent("p", body)).toEqual({ type: "togglePause" });
    expect(sessionKeyEvent("x", body)).toBeNull();
  });

  it("leaves keys typed into the note alone, Escape too (WCAG 2.1.4)", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) {
      expect(sessionKeyEvent(" ", { tagName })).toBeNull();
      expect(sessionKeyEvent("p", { tagName })).toBeNull();
      expect(sessionKeyEvent("Enter", { tagName })).toBeNull();
    }
    expect(sessionKeyEvent(" ", { tagName: "DIV", isContentEditable: true })).toBeNull();
    expect(sessionKeyEvent("Escape", { tagName: "TEXTAREA" })).toBeNull();
  });

  it("does nothing while single-key shortcuts are turned off in Settings", () => {
    for (const key of [" ", "Enter", "Escape", "p"]) {
      expect(sessionKeyEvent(key, body, { shortcuts: false })).toBeNull();
    }
    expect(sessionKeyEvent(" ", body, { shortcuts: true })).toEqual({ type: "skip" });
  });

  it("lets focused buttons handle Space and Enter themselves, and ignores modified keys", () => {
    expect(sessionKeyEvent(" ", { tagName: "BUTTON" })).toBeNull();
    expect(sessionKeyEvent("Enter", { tagName: "A" })).toBeNull();
    expect(sessionKeyEvent("p", { tagName: "BUTTON" })).toEqual({ type: "togglePause" });
    expect(sessionKeyEvent("p", body, { ctrlKey: true })).toBeNull();
    expect(sessionKeyEvent("Escape", body, { metaKey: true })).toBeNull();
  });
});
